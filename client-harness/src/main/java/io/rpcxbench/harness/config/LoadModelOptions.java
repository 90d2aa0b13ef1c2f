package io.rpcxbench.harness.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The load-model options beside the paper's closed loop (docs/load-models.md): the open loop
 * ({@code --rate}/{@code --duration} or {@code --rate-schedule}, {@code --arrivals}, {@code
 * --max-in-flight}), the in-flight model ({@code --in-flight}), and what every model can add:
 * {@code --fail-after}, {@code --server-pid}, {@code --hlog}, {@code --noise-guard}.
 */
public final class LoadModelOptions {
  @Option(
      names = "--rate",
      paramLabel = "CALLS_PER_S",
      description =
          "Open loop: start calls at this rate (calls/s, >= 1) on a fixed schedule, whatever the"
              + " replies do; needs --duration; replaces --threads and --requests.")
  Double rate;

  /** --duration. */
  @Mixin RateDurationOptions rateDuration = new RateDurationOptions();

  @Option(
      names = "--rate-schedule",
      paramLabel = "RATE:DURATION[,...]",
      description =
          "Open loop in steps instead of --rate/--duration, e.g. 500:10s,1000:10s,2000:10s.")
  String rateSchedule;

  @Option(
      names = "--arrivals",
      paramLabel = "uniform|poisson",
      defaultValue = LoadModel.DEFAULT_ARRIVALS,
      description =
          "Open loop: intended starts evenly spaced (default) or a Poisson process (seeded).")
  String arrivals;

  @Option(
      names = "--max-in-flight",
      paramLabel = "N",
      defaultValue = LoadModel.DEFAULT_MAX_IN_FLIGHT,
      description =
          "Open loop: calls out at once at most (async client) or worker threads (blocking"
              + " client); a call that finds them all busy is dropped and counted"
              + " (default: ${DEFAULT-VALUE}).")
  int maxInFlight;

  @Option(
      names = "--in-flight",
      paramLabel = "N",
      description =
          "Keep N calls outstanding (async API; N threads for a blocking client) until the run's"
              + " calls are made (N x --requests, or --requests with --requests-per total);"
              + " replaces --threads.")
  Integer inFlight;

  @Option(
      names = "--fail-after",
      paramLabel = "DURATION",
      defaultValue = LoadModel.DEFAULT_FAIL_AFTER,
      converter = DurationConverter.class,
      description =
          "A call slower than this counts as failed (errors_over_threshold) even when it succeeds,"
              + " e.g. 900ms (default: ${DEFAULT-VALUE}, off).")
  Duration failAfter;

  @Option(
      names = "--server-pid",
      paramLabel = "PID|ID=PID",
      description =
          "A server process (and its descendants) whose CPU time and peak RSS each run"
              + " records, on this host or --server-ssh's; repeatable; ID=PID for one protocol"
              + " of --protocol only.")
  List<String> serverPids = new ArrayList<>();

  @Option(
      names = "--own-pid",
      paramLabel = "PID",
      description =
          "A process of the run that is not measured (e.g. a lab's server with --server-stats"
              + " off): it and its descendants are never counted as other tenants; repeatable.")
  List<Long> ownPids = new ArrayList<>();

  @Option(
      names = "--server-ssh",
      paramLabel = "[USER@]HOST",
      description =
          "The --server-pid processes are on this host, read over ssh (one round trip per"
              + " reading; BatchMode, options from RPCX_SSH_OPTS).")
  String serverSsh;

  @Option(
      names = "--server-cgroup",
      paramLabel = "DIR",
      description =
          "Measure the server as the processes of this cgroup (v2 folder; v1: its memory and"
              + " cpuacct folders, repeat the option), e.g. the lab's host B; instead of"
              + " --server-pid.")
  List<Path> serverCgroups = new ArrayList<>();

  @Option(
      names = "--hlog",
      paramLabel = "FILE",
      description =
          "Write the latency as one HdrHistogram per second (HistogramLogWriter format), tagged"
              + " latency|service/PROTOCOL/HOST; FILE-ID.ext per protocol when several.")
  Path hlog;

  @Option(
      names = "--noise-guard",
      paramLabel = "off|warn|strict",
      defaultValue = NoiseGuard.DEFAULT,
      description =
          "Read each run's machine noise (load, CPU pressure, steal, other processes' CPU) and"
              + " flag contended runs: off (nothing read), warn (record, warn on stderr), strict"
              + " (also exit 5 when a kept run was contended) (default: ${DEFAULT-VALUE}).")
  String noiseGuard;

  /**
   * Checks the load-model options against each other and against the paper's, then fills {@code
   * load}'s thread and request counts the open loop and the in-flight model imply (so the rest of
   * the harness sees a point as always).
   *
   * @throws ParameterException naming the options that do not go together, or a bad value
   */
  public LoadModel resolve(LoadOptions load, CommandLine cl) {
    CommandLine.ParseResult parsed = cl.getParseResult();
    boolean open = rate != null || rateSchedule != null;
    boolean inFlightModel = inFlight != null;
    try {
      if (open && inFlightModel) {
        throw usage("--in-flight and --rate/--rate-schedule are two load models: choose one");
      }
      if (rate != null && rateSchedule != null) {
        throw usage("--rate-schedule replaces --rate and --duration: give one or the other");
      }
      if (rate != null && rateDuration.given() == null) {
        throw usage("--rate needs --duration (how long each run offers the rate), e.g. 30s");
      }
      if (rateDuration.given() != null && rate == null) {
        throw usage("--duration goes with --rate (the open loop)");
      }
      for (String option : List.of("--arrivals", "--max-in-flight")) {
        if (!open && parsed != null && parsed.hasMatchedOption(option)) {
          throw usage(option + " goes with --rate or --rate-schedule (the open loop)");
        }
      }
      if (open && (load.threads != null || load.requests != null)) {
        throw usage(
            "--rate replaces --threads and --requests: the schedule sets the calls,"
                + " --max-in-flight the calls out at once");
      }
      if (open && parsed != null && parsed.hasMatchedOption("--requests-per")) {
        throw usage("--requests-per goes with --requests, not with --rate");
      }
      if (inFlightModel && load.threads != null) {
        throw usage("--in-flight N replaces --threads: N calls are kept outstanding");
      }
      if (inFlightModel && load.requests == null) {
        throw usage(
            "--in-flight needs --requests (calls per slot, or in total with"
                + " --requests-per total)");
      }
      LoadModel model = model(open, inFlightModel);
      model.validate();
      if (open) {
        load.threads = model.maxInFlight();
        load.requests = (int) model.schedule().expectedCalls();
        load.runLength.requestsPer = RequestsPer.TOTAL;
      } else if (inFlightModel) {
        load.threads = model.inFlight();
      }
      return model;
    } catch (IllegalArgumentException e) {
      throw new ParameterException(cl, e.getMessage());
    }
  }

  private LoadModel model(boolean open, boolean inFlightModel) {
    Arrivals spacing = Arrivals.parse(arrivals);
    if (open) {
      RateSchedule schedule =
          rateSchedule != null
              ? RateSchedule.parse(rateSchedule)
              : RateSchedule.constant(rate, rateDuration.given());
      return new LoadModel(LoadModel.Kind.OPEN, schedule, spacing, maxInFlight, 0, failAfter);
    }
    if (inFlightModel) {
      return new LoadModel(
          LoadModel.Kind.IN_FLIGHT, null, spacing, maxInFlight, inFlight, failAfter);
    }
    return new LoadModel(LoadModel.Kind.CLOSED, null, spacing, maxInFlight, 0, failAfter);
  }

  /**
   * {@code --server-pid}, {@code --own-pid}, {@code --server-ssh}, {@code --server-cgroup}, {@code
   * --hlog} and {@code --noise-guard}.
   */
  public Instruments instruments(CommandLine cl) {
    Map<String, List<Long>> pids = new LinkedHashMap<>();
    try {
      for (String text : serverPids) {
        Instruments.addServerPid(pids, text);
      }
    } catch (IllegalArgumentException e) {
      throw new ParameterException(cl, e.getMessage());
    }
    if (serverSsh != null && (serverSsh.isBlank() || serverSsh.startsWith("-"))) {
      throw new ParameterException(cl, "--server-ssh " + serverSsh + ": not an ssh destination");
    }
    NoiseGuard guard;
    try {
      guard = NoiseGuard.parse(noiseGuard);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(cl, e.getMessage());
    }
    for (long pid : ownPids) {
      if (pid <= 0) {
        throw new ParameterException(cl, "--own-pid " + pid + ": a pid is a positive number");
      }
    }
    return new Instruments(pids, serverSsh, serverCgroups, hlog, guard, ownPids);
  }

  private static IllegalArgumentException usage(String message) {
    return new IllegalArgumentException(message);
  }
}
