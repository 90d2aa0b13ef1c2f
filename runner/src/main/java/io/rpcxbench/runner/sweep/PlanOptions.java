package io.rpcxbench.runner.sweep;

import io.rpcxbench.harness.config.DurationConverter;
import io.rpcxbench.harness.config.RateDurationOptions;
import io.rpcxbench.harness.config.RateSchedule;
import io.rpcxbench.harness.config.RunsOptions;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The sweep's plan options: protocols, the grid or the rates, runs, limits, rules (the scenario is
 * the harness's group, {@link io.rpcxbench.harness.config.ScenarioOptions}).
 */
final class PlanOptions {
  @Option(
      names = {"--protocol", "--protocols"},
      paramLabel = "ID[,ID...]",
      defaultValue = "rpcx,grpc,openfeign",
      description = "Protocols of the catalog, or all (default: ${DEFAULT-VALUE}).")
  String protocols;

  @Option(
      names = "--threads",
      paramLabel = "LIST",
      description =
          "Thread counts: values and ranges FROM:TO:STEP, comma-separated (default 10:990:10).")
  String threads;

  @Option(
      names = "--requests",
      paramLabel = "LIST",
      description = "Request counts (default 10:900:10).")
  String requests;

  /** --runs: the harness's group, its default the paper's 10. */
  @Mixin RunsOptions runs = new RunsOptions();

  @Option(
      names = "--point-timeout",
      paramLabel = "S",
      defaultValue = "600",
      description = "Seconds a point may take (default 600); the runs that finished are kept.")
  int limitS;

  @Option(
      names = "--timeout-per",
      paramLabel = "point|run",
      defaultValue = "point",
      description = "What --point-timeout bounds (default point).")
  String timeoutPer;

  @Option(
      names = "--stop-after-failures",
      paramLabel = "N",
      defaultValue = "0",
      description = "After N failed points in a row, a protocol moves on to the next thread count.")
  int stopAfterFailures;

  @Option(
      names = "--skip-dominated",
      description = "Skip points with at least the threads and requests of a failed one.")
  boolean skipDominated;

  @Option(
      names = "--rates",
      paramLabel = "LIST",
      description = "Open-loop rates in calls/s instead of the grid.")
  String rates;

  /** --duration: the harness's group; the sweep's method 10 s, whole seconds. */
  @Mixin RateDurationOptions duration = new RateDurationOptions();

  @Option(
      names = "--stop-after-overload",
      paramLabel = "N",
      defaultValue = "2",
      description = "After N rates in a row not kept up with, skip the higher ones (0: never).")
  int stopAfterOverload;

  /** Checks what needs no catalog; throws IllegalArgumentException with sweep.sh's messages. */
  void check() {
    if (runs.runs() < 1) {
      throw bad("--runs must be a positive integer, got '" + runs.runs() + "'");
    }
    if (limitS < 1) {
      throw bad("--point-timeout must be a positive number of seconds, got '" + limitS + "'");
    }
    if (!timeoutPer.equals("point") && !timeoutPer.equals("run")) {
      throw bad("--timeout-per must be point or run, got '" + timeoutPer + "'");
    }
    if (stopAfterFailures < 0) {
      throw bad("--stop-after-failures must be an integer >= 0, got '" + stopAfterFailures + "'");
    }
    if (stopAfterOverload < 0) {
      throw bad("--stop-after-overload must be an integer >= 0, got '" + stopAfterOverload + "'");
    }
    if (rates != null) {
      if (threads != null || requests != null) {
        throw bad(
            "--rates runs open-loop points (one per rate), "
                + (threads != null ? "--threads" : "--requests")
                + " belongs to the closed loop's grid: give one or the other");
      }
      if (stopAfterFailures > 0 || skipDominated) {
        throw bad(
            (skipDominated ? "--skip-dominated" : "--stop-after-failures")
                + " moves on along the grid's thread counts; with --rates use --stop-after-overload N");
      }
    } else if (duration.given() != null) {
      throw bad("--duration is the schedule of a rate sweep: give --rates too");
    }
  }

  /** The points: the protocols of {@code known} asked, and the grid or the rates. */
  SweepGrid grid(List<String> known) {
    List<String> ids = protocolIds(known);
    return rates != null
        ? SweepGrid.open(ids, rateList(), durationS())
        : SweepGrid.closed(ids, threadList(), requestList());
  }

  PointLimits limits() {
    return new PointLimits(runs.runs(), limitS, timeoutPer);
  }

  StopRules stops() {
    return new StopRules(stopAfterFailures, skipDominated, stopAfterOverload);
  }

  CountList threadList() {
    return rates != null
        ? null
        : CountList.parse(
            "--threads", threads == null ? "10:990:10" : threads, CountList.Range.of(10, 990, 10));
  }

  CountList requestList() {
    return rates != null
        ? null
        : CountList.parse(
            "--requests",
            requests == null ? "10:900:10" : requests,
            CountList.Range.of(10, 900, 10));
  }

  CountList rateList() {
    if (rates == null) {
      return null;
    }
    CountList list = CountList.parse("--rates", rates, CountList.Range.of(1000, 20000, 1000));
    for (int rate : list.values()) {
      if (rate > RateSchedule.MAX_RATE) {
        // the harness's own bound, before the sweep starts rather than at each point
        throw bad(
            "--rates: "
                + rate
                + " calls/s is over the "
                + RateSchedule.number(RateSchedule.MAX_RATE)
                + " calls/s one harness offers");
      }
    }
    return list;
  }

  /** The rate sweep's method: each run offers its rate this long unless --duration says. */
  static final Duration RATE_DURATION = Duration.ofSeconds(10);

  /** The rate sweep's --duration in seconds (0 for the grid). */
  int durationS() {
    if (rates == null) {
      return 0;
    }
    Duration d = duration.or(RATE_DURATION);
    long ms = d.toMillis();
    if (ms < 1000 || ms % 1000 != 0 || ms > 999_999_000L) {
      throw bad(
          "--duration must be whole seconds or minutes like 10s or 1m, got '"
              + DurationConverter.format(d)
              + "'");
    }
    return (int) (ms / 1000);
  }

  /** The protocols in order, each once; "all" is the catalog's. */
  List<String> protocolIds(List<String> known) {
    List<String> ids = new ArrayList<>();
    for (String id : protocols.split(",", -1)) {
      if (id.equals("all")) {
        known.stream().filter(k -> !ids.contains(k)).forEach(ids::add);
      } else if (!known.contains(id)) {
        throw bad("--protocol: " + ProtocolCatalog.unknown(id, known));
      } else if (!ids.contains(id)) {
        ids.add(id);
      }
    }
    return ids;
  }

  private static IllegalArgumentException bad(String message) {
    return new IllegalArgumentException(message);
  }
}
