package io.rpcxbench.report.gc;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code gc-check size} and {@code next}: phase 1's sizing, its window test and its rate update,
 * the numbers the script's awk printed (its {@code print} of a rate is {@code %.6g}).
 */
class GcPhaseOnePlanTest {
  private static final String[] SHAPE = {"--seconds", "60", "--runs", "6", "--threads", "64"};

  private static Cli.Result run(String action, String... args) {
    List<String> all = new ArrayList<>(List.of("gc-check", action));
    all.addAll(List.of(args));
    all.addAll(List.of(SHAPE));
    return Cli.run(all.toArray(String[]::new));
  }

  @Test
  void sizeFillsTheWindowAtTheRateAndIsAtLeast10() {
    // 61234.5 * 60 / 6 / 64 = 9567.89
    assertThat(run("size", "--rate", "61234.5").out()).isEqualTo("9567\n");
    assertThat(run("size", "--rate", "0").out()).isEqualTo("10\n");
    assertThat(run("size", "--rate", "1.23457e+06").out()).isEqualTo("192901\n");
  }

  @Test
  void nextUpdatesTheRateAndSizesTheTimeLeftUntilTheWindowIsFull() {
    // 737280 calls in 26.3 - 14.2 = 12.1 s: 60932.2 calls/s (6 digits); 13.8 s so far, 46.2 left:
    // 60932.2 * 46.2 / 6 / 64 = 7330.9
    assertThat(
            run(
                    "next",
                    "--rate",
                    "61234.5",
                    "--calls",
                    "737280",
                    "--harness-from",
                    "14.2",
                    "--to",
                    "26.3",
                    "--from",
                    "12.5",
                    "--harnesses",
                    "1")
                .out())
        .isEqualTo("60932.2 13.8 7330\n");
    // no call: the rate as given (61234.5 * 46.2 / 6 / 64 = 7367.0)
    assertThat(
            run(
                    "next",
                    "--rate",
                    "61234.50",
                    "--calls",
                    "0",
                    "--harness-from",
                    "14.2",
                    "--to",
                    "26.3",
                    "--from",
                    "12.5",
                    "--harnesses",
                    "1")
                .out())
        .isEqualTo("61234.50 13.8 7367\n");
    // 58.1 s: within 2 s of 60
    assertThat(
            run(
                    "next",
                    "--rate",
                    "61234.5",
                    "--calls",
                    "737280",
                    "--harness-from",
                    "58.6",
                    "--to",
                    "70.6",
                    "--from",
                    "12.5",
                    "--harnesses",
                    "5")
                .out())
        .isEqualTo("61440 58.1 done\n");
    // the tenth harness ends phase 1 whatever the window
    assertThat(
            run(
                    "next",
                    "--rate",
                    "100",
                    "--calls",
                    "100",
                    "--harness-from",
                    "13",
                    "--to",
                    "14",
                    "--from",
                    "12.5",
                    "--harnesses",
                    "10")
                .out())
        .endsWith(" done\n");
  }

  @Test
  void theSizesAndRatesAreTheAwksForManyInputs() throws Exception {
    OldGcCheckAwk.assumeAwk();
    Random random = new Random(6);
    StringBuilder script = new StringBuilder();
    List<String> java = new ArrayList<>();
    Locale was = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      for (int i = 0; i < 60; i++) {
        String rate =
            i % 7 == 0 ? "0" : String.format(Locale.ROOT, "%.3f", random.nextDouble() * 2e6);
        long calls = i % 5 == 0 ? 0 : (long) (random.nextDouble() * 5e6);
        double u0 = 1 + random.nextInt(30000) / 1000.0;
        double ua = u0 + random.nextInt(60000) / 1000.0;
        double ub = ua + random.nextInt(20000) / 1000.0;
        String[] facts = {
          rate,
          Long.toString(calls),
          uptime(ua),
          uptime(ub),
          uptime(u0),
          Integer.toString(i % 11),
          "60",
          "6",
          "64"
        };
        script.append("next_harness ").append(String.join(" ", facts)).append('\n');
        script.append("size ").append(rate).append(" 60 6 64\n");
        java.add(
            run(
                    "next",
                    "--rate",
                    rate,
                    "--calls",
                    facts[1],
                    "--harness-from",
                    facts[2],
                    "--to",
                    facts[3],
                    "--from",
                    facts[4],
                    "--harnesses",
                    facts[5])
                .out());
        java.add(run("size", "--rate", rate).out());
      }
    } finally {
      Locale.setDefault(was);
    }
    assertThat(String.join("", java)).isEqualTo(OldGcCheckAwk.run(script.toString(), List.of()));
  }

  @Test
  void printIsAwksPrintOfANumber() throws Exception {
    OldGcCheckAwk.assumeAwk();
    double[] values = {
      0,
      1,
      10,
      60932.2149,
      999999.5,
      999999.4,
      1234567.89,
      0.0001234567,
      0.00001234567,
      46.2,
      123456.5,
      2.5e-7,
      1e15 + 0.5,
      61234.55,
      7.0000004
    };
    StringBuilder script = new StringBuilder();
    StringBuilder java = new StringBuilder();
    for (double v : values) {
      script
          .append("awk -v v=")
          .append(new java.math.BigDecimal(v).toPlainString())
          .append(" 'BEGIN { print v + 0; printf \"%.1f %.2f\\n\", v, v }'\n");
      java.append(AwkNumbers.printed(v))
          .append('\n')
          .append(AwkNumbers.fixed(v, 1))
          .append(' ')
          .append(AwkNumbers.fixed(v, 2))
          .append('\n');
    }
    assertThat(java.toString()).isEqualTo(OldGcCheckAwk.run(script.toString(), List.of()));
  }

  @Test
  void badNumbersAndMissingOptionsAreBadUsage() {
    for (String[] args :
        List.of(
            new String[] {"--rate", "fast"},
            new String[] {"--rate", "-5"},
            new String[] {"--rate", "1", "--seconds", "0"})) {
      Cli.Result r = run("size", args);
      assertThat(r.exit()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err().lines().toList()).as(String.join(" ", args)).hasSize(1);
    }
    Cli.Result noCalls =
        run(
            "next",
            "--rate",
            "1",
            "--harness-from",
            "1",
            "--to",
            "2",
            "--from",
            "0",
            "--harnesses",
            "1");
    assertThat(noCalls.exit()).isEqualTo(2);
    assertThat(noCalls.err()).startsWith("error: Missing required option: '--calls=C'");
  }

  private static String uptime(double seconds) {
    return String.format(Locale.ROOT, "%.3f", seconds);
  }
}
