package io.rpcxbench.harness.load;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.config.RateSchedule;
import io.rpcxbench.raw.PointIdentity;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * One open-loop schedule split across the N client hosts of a fleet (deploy/fleet, docs/fleet.md):
 * each host offers every step at rate/N (rounded to 0.001 calls/s), all of them released at one
 * {@code --start-at}, so the fleet offers the whole schedule; and the files this gives: each host's
 * ({@code open-r333p333-d10s.csv}, named by its share as the harness names it) and the merged
 * point's ({@code open-r1000-d10s-x3.csv}, named by the whole, as {@code report merge-hosts} names
 * it from {@code fleet_rate_schedule}). deploy/fleet/plan.sh asks it, so the fleet's open-loop file
 * names are planned in one place.
 *
 * <pre>{@code
 * RateSplit.share(RateSchedule.parse("1000:10s"), 3);   // 333.333:PT10S on each host
 * }</pre>
 *
 * <pre>
 * java -cp client-harness.jar io.rpcxbench.harness.load.RateSplit --hosts 3 --protocol rpcx 3000:10s
 * </pre>
 */
@Command(
    name = "rate-split",
    mixinStandardHelpOptions = true,
    description =
        "Split open-loop schedules across N client hosts: prints a JSON array, one object per"
            + " schedule: protocol, fleet_rate_schedule (the whole), rate_schedule (each host's"
            + " share, for --rate-schedule), calls (per host and run), file (each host's, under its"
            + " --out), merged_file (merge-hosts's, under its --out).")
final class RateSplit implements Callable<Integer> {
  /** Shares are rounded to this many decimals of calls/s (the harness writes the rest exactly). */
  static final double PRECISION = 1000;

  @Spec CommandSpec spec;

  @Option(names = "--hosts", required = true, paramLabel = "N", description = "Client hosts.")
  int hosts;

  @Option(names = "--protocol", required = true, paramLabel = "ID", description = "Protocol id.")
  String protocol;

  @Option(
      names = "--arrivals",
      defaultValue = "uniform",
      paramLabel = "uniform|poisson",
      description = "Arrivals (default: ${DEFAULT-VALUE}).")
  String arrivals;

  @Parameters(
      arity = "1..*",
      paramLabel = "SCHEDULE",
      description = "The fleet's schedules, each RATE:DURATION[,RATE:DURATION...] (3000:10s).")
  List<String> schedules = new ArrayList<>();

  /**
   * Each host's share of {@code whole} across {@code hosts} hosts: every step at rate / hosts.
   *
   * @throws IllegalArgumentException when a share falls below the harness's least rate
   */
  public static RateSchedule share(RateSchedule whole, int hosts) {
    if (hosts < 1) {
      throw new IllegalArgumentException("--hosts must be at least 1, got " + hosts);
    }
    List<RateSchedule.Step> steps = new ArrayList<>();
    for (RateSchedule.Step s : whole.steps()) {
      double rate = Math.round(s.rate() * PRECISION / hosts) / PRECISION;
      if (rate < RateSchedule.MIN_RATE) {
        throw new IllegalArgumentException(
            String.format(
                Locale.ROOT,
                "rate %s split across %d hosts is %s calls/s per host, below %s",
                RateSchedule.number(s.rate()),
                hosts,
                RateSchedule.number(rate),
                RateSchedule.number(RateSchedule.MIN_RATE)));
      }
      steps.add(new RateSchedule.Step(rate, s.duration()));
    }
    return new RateSchedule(steps);
  }

  /** The harness's file name of an open-loop point (without a call, TLS or profile prefix). */
  static String fileName(String protocol, RateSchedule schedule, String arrivals) {
    return PointIdentity.open(
            protocol, 0, (int) schedule.expectedCalls(), schedule.toString(), arrivals)
        .fileName();
  }

  @Override
  public Integer call() {
    CommandLine cl = spec.commandLine();
    PrintWriter out = cl.getOut();
    StringBuilder json = new StringBuilder("[");
    try {
      if (!arrivals.equals("uniform") && !arrivals.equals("poisson")) {
        throw new IllegalArgumentException("--arrivals is uniform or poisson, got " + arrivals);
      }
      for (String text : schedules) {
        RateSchedule whole = RateSchedule.parse(text);
        whole.validate("schedule", "schedule");
        RateSchedule share = share(whole, hosts);
        share.validate("schedule", "schedule");
        json.append(json.length() > 1 ? ", " : "")
            .append(String.format(Locale.ROOT, "{\"protocol\": \"%s\"", protocol))
            .append(String.format(", \"fleet_rate_schedule\": \"%s\"", whole))
            .append(String.format(", \"rate_schedule\": \"%s\"", share))
            .append(String.format(", \"calls\": %d", share.expectedCalls()))
            .append(
                String.format(
                    ", \"file\": \"%s/%s\"", protocol, fileName(protocol, share, arrivals)))
            .append(
                String.format(
                    ", \"merged_file\": \"%s/%s\"}",
                    protocol,
                    PointIdentity.mergedFileName(fileName(protocol, whole, arrivals), hosts)));
      }
    } catch (IllegalArgumentException e) {
      cl.getErr().println("rate-split: " + e.getMessage());
      return ExitCode.USAGE.code();
    }
    out.println(json.append("]"));
    out.flush();
    return ExitCode.OK.code();
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new RateSplit()).execute(args));
  }
}
