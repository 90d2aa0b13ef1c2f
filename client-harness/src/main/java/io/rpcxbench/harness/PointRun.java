package io.rpcxbench.harness;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.config.ConsoleOptions;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.metrics.LiveConsole;
import io.rpcxbench.harness.metrics.LiveFigures;
import io.rpcxbench.harness.metrics.LiveMetrics;
import io.rpcxbench.harness.metrics.MetricsSpec;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.review.PointReview;
import io.rpcxbench.harness.review.Thresholds;
import io.rpcxbench.raw.ClosingLine;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One point over its protocols, after {@link HarnessCommand} checked the settings: each protocol
 * here (a worker, or a single protocol) or in a JVM of its own ({@link WorkerForks}), then, in the
 * parent, the summary table, the review ({@link PointReview}), the summary export and the closing
 * line; its exit code the worst of the protocols' by docs/harness.md's precedence.
 *
 * <pre>{@code
 * int code = new PointRun(config, thresholds, null, null, console, false, out, err).execute();
 * }</pre>
 */
final class PointRun {
  private final RunConfig config;
  private final Thresholds checks;
  private final MetricsSpec metrics;
  private final Path export;
  private final ConsoleOptions console;
  private final boolean worker;
  private final PrintWriter out;
  private final PrintWriter err;

  /**
   * {@code metrics}: the live figures' endpoint, or null; {@code export}: the --summary-export
   * file, or null; {@code worker}: this JVM was forked by the parent for one protocol.
   */
  PointRun(
      RunConfig config,
      Thresholds checks,
      MetricsSpec metrics,
      Path export,
      ConsoleOptions console,
      boolean worker,
      PrintWriter out,
      PrintWriter err) {
    this.config = config;
    this.checks = checks;
    this.metrics = metrics;
    this.export = export;
    this.console = console;
    this.worker = worker;
    this.out = out;
    this.err = err;
  }

  /** How one protocol's point ended. */
  record PointOutcome(Protocol protocol, int exitCode) {}

  /** Runs every protocol of the point; the exit code. */
  int execute() {
    boolean terminal = System.console() != null;
    List<PointOutcome> outcomes = new ArrayList<>();
    if (worker) {
      ParentWatch.startForWorker();
    }
    if (worker || config.protocols().size() == 1) {
      // One protocol: this JVM is already fresh and dedicated to it, so it runs here.
      Protocol p = config.protocols().get(0);
      outcomes.add(new PointOutcome(p, runHere(config.forProtocol(p), terminal)));
    } else {
      outcomes.addAll(new WorkerForks(config, err, console.workerArgs(terminal)).runEach());
    }
    int code =
        outcomes.stream()
            .mapToInt(PointOutcome::exitCode)
            .reduce(ExitCode.OK.code(), PointRun::worse);
    if (!worker) {
      new SummaryTable(config, outcomes).print(out);
      code = review(code);
      if (export != null) {
        code = export(outcomes, code);
      }
      out.flush();
      // a point that wrote no file (no server reached) ends on its one clear line
      if (config.protocols().stream()
          .anyMatch(p -> Files.exists(PointRecorder.resultFile(config, p)))) {
        err.println(closing(config, code).text());
      }
    }
    out.flush();
    err.flush();
    return code;
  }

  /**
   * The last line of a point ({@link ClosingLine}): its exit code's meaning, that one trial is a
   * measurement and no verdict, and its file (the folder, for several protocols).
   */
  static ClosingLine closing(RunConfig config, int code) {
    io.rpcxbench.api.ExitCode e = io.rpcxbench.api.ExitCode.of(code);
    List<Protocol> ps = config.protocols();
    Path file = PointRecorder.resultFile(config, ps.get(0));
    return new ClosingLine(
        "run",
        "exit " + code + (e == null ? "" : ": " + e.meaning()),
        ClosingLine.ONE_TRIAL,
        (ps.size() == 1 ? file : file.getParent()).toString());
  }

  /** One protocol's point in this JVM, with its live line and metrics endpoint if asked. */
  private int runHere(RunConfig protocolConfig, boolean terminal) {
    Protocol p = protocolConfig.protocols().get(0);
    List<LiveFigures.Sink> sinks = new ArrayList<>();
    if (console.live(terminal)) {
      sinks.add(new LiveConsole(err));
    }
    LiveMetrics endpoint = null;
    if (metrics != null) {
      try {
        endpoint = LiveMetrics.start(metrics);
      } catch (IOException | RuntimeException e) {
        err.println(
            "error: --metrics "
                + console.metrics
                + ": cannot "
                + metrics.action()
                + " ("
                + OutWriteProbe.describe(e)
                + ")");
        return ExitCode.USAGE.code();
      }
      err.println(p + " metrics: " + endpoint.where());
      err.flush();
      // first: a second's figures are on the endpoint before its live line is printed, so a
      // scrape prompted by the line sees them
      sinks.add(0, endpoint);
    }
    LiveFigures live =
        sinks.isEmpty() ? null : new LiveFigures(p.id(), protocolConfig.load().runs(), sinks);
    try {
      return new ProtocolRun(protocolConfig, err, live).execute();
    } finally {
      if (endpoint != null) {
        endpoint.close();
      }
    }
  }

  /** Writes the summary; the exit code after it (a summary that cannot be written fails). */
  private int export(List<PointOutcome> outcomes, int code) {
    try {
      new SummaryExport(config, outcomes, code).write(export);
      return code;
    } catch (IOException | RuntimeException e) {
      err.println("cannot write --summary-export " + export + ": " + e);
      return code == ExitCode.OK.code() ? ExitCode.FAILED.code() : code;
    }
  }

  /** The point's trend warnings and thresholds ({@link PointReview}); the exit code after them. */
  private int review(int code) {
    List<PointReview.PointFile> files = new ArrayList<>();
    config
        .protocols()
        .forEach(
            p ->
                files.add(
                    new PointReview.PointFile("", p.id(), PointRecorder.resultFile(config, p))));
    try {
      boolean failed = new PointReview(checks, err::println, out::println).review(files, true);
      return failed && code == ExitCode.OK.code() ? ExitCode.GATE_FAILED.code() : code;
    } catch (IOException e) {
      err.println("cannot review the result files: " + e);
      return code == ExitCode.OK.code() ? ExitCode.FAILED.code() : code;
    }
  }

  /**
   * Of two protocols' codes, the one to exit with: bad usage, then failures, then drops, then
   * contention.
   */
  static int worse(int a, int b) {
    for (int code :
        new int[] {
          ExitCode.USAGE.code(),
          ExitCode.FAILED.code(),
          ExitCode.DROPPED.code(),
          ExitCode.CONTENDED.code()
        }) {
      if (a == code || b == code) {
        return code;
      }
    }
    return Math.max(a, b);
  }
}
