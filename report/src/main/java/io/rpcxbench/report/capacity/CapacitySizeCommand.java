package io.rpcxbench.report.capacity;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.report.text.PrintfNumber;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code capacity-size quota-us CORES | calls}: bench/capacity.sh's arithmetic on shares of a core,
 * which bash cannot do: a quota's microseconds per period (checked: a share whose quota is at least
 * the kernel's 1000 us and at most the machine's cores), and the calls of a run that lasts about
 * {@code --seconds} at the rate last measured, scaled from one quota to the next.
 *
 * <pre>
 * java -jar report.jar capacity-size quota-us 0.2 --period-us 100000 --cpus 2    # 20000
 * java -jar report.jar capacity-size calls --rate 6744 --from 0.4 --to 0.2 --seconds 8   # 26976
 * </pre>
 */
@Command(
    name = "capacity-size",
    mixinStandardHelpOptions = true,
    description =
        "bench/capacity.sh's sizing: quota-us CORES prints CORES x --period-us (rounded as printf"
            + " rounds), after checking CORES is a share whose quota is at least 1000 us and at"
            + " most --cpus cores; calls prints the calls a run of about --seconds makes at --rate,"
            + " scaled by --to / --from (max: a whole core), at least --min.")
public final class CapacitySizeCommand implements Callable<Integer> {
  private static final Pattern SHARE = Pattern.compile("[0-9]*\\.?[0-9]+");
  static final String WHOLE = "max";

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "ACTION", description = "quota-us or calls.")
  String action;

  @Parameters(index = "1", arity = "0..1", paramLabel = "CORES", description = "quota-us: a share.")
  String cores;

  @Option(names = "--period-us", paramLabel = "P", description = "quota-us: the CFS period.")
  long periodUs;

  @Option(names = "--cpus", paramLabel = "N", description = "quota-us: the machine's CPUs.")
  int cpus;

  @Option(
      names = "--rate",
      paramLabel = "R",
      description = "calls: calls/s last measured (not a number, e.g. '-': none yet, 0).")
  String rate;

  @Option(names = "--from", paramLabel = "Q", description = "calls: the quota it was measured at.")
  String from;

  @Option(names = "--to", paramLabel = "Q", description = "calls: the quota of the next run.")
  String to;

  @Option(names = "--seconds", paramLabel = "S", description = "calls: a run's length aimed at.")
  double seconds;

  @Option(
      names = "--min",
      paramLabel = "N",
      defaultValue = "2000",
      description = "calls: the fewest (default: ${DEFAULT-VALUE}).")
  long min;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    switch (action) {
      case "quota-us" -> out.println(quotaUs());
      case "calls" -> out.println(calls(measured(rate), share(from), share(to), seconds, min));
      default -> throw bad("ACTION '" + action + "' is not quota-us or calls");
    }
    out.flush();
    return ExitCode.OK.code();
  }

  private String quotaUs() {
    if (cores == null || !SHARE.matcher(cores).matches()) {
      throw bad("CORES '" + cores + "' is not a share of a core");
    }
    double c = Double.parseDouble(cores);
    if (c * periodUs < 1000 || c > cpus) {
      throw bad(
          "CORES "
              + cores
              + ": its quota (x --period-us "
              + periodUs
              + ") must be at least the kernel's 1000 us and it at most --cpus "
              + cpus);
    }
    return PrintfNumber.fixed(c * periodUs, 0);
  }

  /** Calls for about {@code seconds} at {@code rate}, scaled to quota {@code to}; C's %d of it. */
  static long calls(double rate, double from, double to, double seconds, long min) {
    double c = rate * to / from * seconds;
    return (long) Math.max(c, min);
  }

  /** The rate a point measured; a point that measured none ('-', empty) counts as 0, as awk did. */
  private static double measured(String rate) {
    return rate != null && SHARE.matcher(rate).matches() ? Double.parseDouble(rate) : 0;
  }

  /** A quota as a number of cores; {@value #WHOLE} is a whole core. */
  private double share(String quota) {
    if (quota == null) {
      throw bad("calls needs --from and --to");
    }
    if (quota.equals(WHOLE)) {
      return 1;
    }
    if (!SHARE.matcher(quota).matches() || Double.parseDouble(quota) == 0) {
      throw bad("'" + quota + "' is not max or a share of a core");
    }
    return Double.parseDouble(quota);
  }

  private CommandLine.ParameterException bad(String why) {
    return new CommandLine.ParameterException(spec.commandLine(), why);
  }
}
