package io.rpcxbench.report.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rpcxbench.report.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * bench/capacity.sh's sizing: a quota's microseconds and the calls of the next run, checked against
 * the awk the script computed them with before (run by bash, as the script did).
 */
class CapacitySizeCommandTest {
  /** The script's awk as it was, with $1.. the values. */
  private static final String OLD_QUOTA_US =
      "awk -v c=\"$1\" -v p=\"$2\" 'BEGIN { printf \"%.0f\", c * p }'";

  private static final String OLD_CALLS_FOR =
      "awk -v r=\"$1\" -v from=\"$2\" -v to=\"$3\" -v s=\"$4\" -v min=2000 'BEGIN {\n"
          + "  f = (from == \"max\" ? 1 : from); t = (to == \"max\" ? 1 : to)\n"
          + "  c = r * t / f * s; if (c < min) c = min; printf \"%d\\n\", c }'";

  private static String old(String script, String... args)
      throws IOException, InterruptedException {
    assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash and awk");
    List<String> command = new ArrayList<>(List.of("/bin/bash", "-c", script, "old"));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("LC_ALL", "C");
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return out;
  }

  private static String size(String... args) {
    List<String> all = new ArrayList<>(List.of("capacity-size"));
    all.addAll(List.of(args));
    Cli.Result r = Cli.run(all.toArray(String[]::new));
    assertThat(r.exit()).as(r.err()).isZero();
    return r.out().strip();
  }

  @Test
  void aQuotaIsCoresTimesThePeriodAsTheScriptsAwkPrintedIt() throws Exception {
    for (String cores : List.of("0.2", "0.05", ".5", "1", "1.5", "0.35", "0.125", "0.0125")) {
      assertThat(size("quota-us", cores, "--period-us", "100000", "--cpus", "2"))
          .as(cores)
          .isEqualTo(old(OLD_QUOTA_US, cores, "100000"));
    }
    assertThat(size("quota-us", "0.2", "--period-us", "100000", "--cpus", "2")).isEqualTo("20000");
  }

  @Test
  void theNextRunsCallsAreTheRateScaledByTheQuotasAsTheScriptsAwkPrintedThem() throws Exception {
    Random random = new Random(20261126);
    String[] quotas = {"max", "0.8", "0.4", "0.2", "0.1", "0.05", "0.35"};
    for (int i = 0; i < 40; i++) {
      String rate = String.valueOf(random.nextInt(200_000));
      String from = quotas[random.nextInt(quotas.length)];
      String to = quotas[random.nextInt(quotas.length)];
      String seconds = String.valueOf(1 + random.nextInt(20));
      assertThat(size("calls", "--rate", rate, "--from", from, "--to", to, "--seconds", seconds))
          .as("%s %s %s %s", rate, from, to, seconds)
          .isEqualTo(old(OLD_CALLS_FOR, rate, from, to, seconds));
    }
    // a rate not measured yet (0, or '-' from a point without runs) gives the fewest
    for (String none : List.of("0", "-")) {
      assertThat(size("calls", "--rate", none, "--from", "max", "--to", "max", "--seconds", "8"))
          .isEqualTo("2000")
          .isEqualTo(old(OLD_CALLS_FOR, none, "max", "max", "8"));
    }
  }

  @Test
  void aShareTheKernelOrTheMachineCannotTakeIsBadUsageWithOneLine() {
    for (List<String> args :
        List.of(
            List.of("quota-us", "abc", "--period-us", "100000", "--cpus", "2"),
            List.of("quota-us", "1.", "--period-us", "100000", "--cpus", "2"),
            List.of("quota-us", "0.001", "--period-us", "100000", "--cpus", "2"),
            List.of("quota-us", "3", "--period-us", "100000", "--cpus", "2"),
            List.of("calls", "--rate", "5", "--from", "0", "--to", "max", "--seconds", "8"),
            List.of("calls", "--rate", "5", "--to", "max", "--seconds", "8"),
            List.of("size", "--rate", "5"))) {
      List<String> all = new ArrayList<>(List.of("capacity-size"));
      all.addAll(args);
      Cli.Result r = Cli.run(all.toArray(String[]::new));
      assertThat(r.exit()).as(args.toString()).isEqualTo(2);
      assertThat(r.err()).as(args.toString()).startsWith("error: ");
    }
    Cli.Result low =
        Cli.run("capacity-size", "quota-us", "0.001", "--period-us", "100000", "--cpus", "2");
    assertThat(low.err())
        .contains(
            "CORES 0.001: its quota (x --period-us 100000) must be at least the kernel's 1000 us"
                + " and it at most --cpus 2");
  }
}
