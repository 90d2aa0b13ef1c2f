package io.rpcxbench.runner.sweep;

import io.rpcxbench.harness.config.RateSchedule;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "10",
      description = "Runs per point (default 10).")
  int runs;

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

  @Option(
      names = "--duration",
      paramLabel = "D",
      description = "Each run's schedule with --rates: 10s, 1m (default 10s).")
  String duration;

  @Option(
      names = "--stop-after-overload",
      paramLabel = "N",
      defaultValue = "2",
      description = "After N rates in a row not kept up with, skip the higher ones (0: never).")
  int stopAfterOverload;

  /** Checks what needs no catalog; throws IllegalArgumentException with sweep.sh's messages. */
  void check() {
    if (runs < 1) {
      throw bad("--runs must be a positive integer, got '" + runs + "'");
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
    } else if (duration != null) {
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
    return new PointLimits(runs, limitS, timeoutPer);
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

  /** The rate sweep's --duration in seconds (0 for the grid). */
  int durationS() {
    if (rates == null) {
      return 0;
    }
    String d = duration == null ? "10s" : duration;
    Matcher m = Pattern.compile("([1-9][0-9]{0,5})s|([1-9][0-9]{0,3})m").matcher(d);
    if (!m.matches()) {
      throw bad("--duration must be whole seconds or minutes like 10s or 1m, got '" + d + "'");
    }
    return m.group(1) != null ? Integer.parseInt(m.group(1)) : Integer.parseInt(m.group(2)) * 60;
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
