package io.rpcxbench.runner.sweep;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.PointBuilder;
import io.rpcxbench.harness.PointRequest;
import io.rpcxbench.runner.point.PlannedPoint;
import io.rpcxbench.runner.point.PointFiles;
import io.rpcxbench.runner.point.PointLauncher;
import io.rpcxbench.runner.point.PointState;
import io.rpcxbench.runner.point.SweepLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sweep's points, one harness run each: the point's arguments (with the sweep's provenance and
 * its link's), its lines in the log, and afterwards its file: the harness's, with the link's bytes
 * added, or a failed one for a harness that wrote none. The interrupt ({@link #stop}) discards the
 * point in progress: a point is either finished or discarded, never half kept.
 */
final class PointRuns {
  private final SweepSettings s;
  private final SweepTarget target;
  private final SweepLog log;
  private volatile Path currentFile;

  /**
   * Set first by the interrupt; the end of a point and the interrupt's discard hold {@link
   * #pointEnd} in turn, so a point is either finished (its file kept) or discarded, never kept half
   * by one and deleted under the other.
   */
  private volatile boolean stopping;

  private final Object pointEnd = new Object();

  PointRuns(SweepSettings s, SweepTarget target, SweepLog log) {
    this.s = s;
    this.target = target;
    this.log = log;
  }

  /** Whether the interrupt stopped the sweep. */
  boolean stopping() {
    return stopping;
  }

  /** One point; afterwards its file exists (the harness's, or a failed one). Its exit code. */
  int run(
      PointLauncher launcher,
      PlannedPoint p,
      Path file,
      String head,
      Map<String, String> provenance)
      throws IOException, InterruptedException {
    PointBuilder point =
        SweepPoint.of(
            s,
            p,
            target.host(p.profile()),
            target.port(p.protocol(), p.profile()),
            pointProvenance(provenance, p));
    target.addReaders(point, p.protocol());
    PointRequest request;
    try {
      request = point.request();
    } catch (IllegalArgumentException e) {
      log.line("the harness rejected its arguments (exit 2): " + e.getMessage());
      return ExitCode.USAGE.code();
    }
    List<String> args = request.args();
    Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    long[] before = target.linkBytes();
    target.markLink();
    log.fileOnly(
        "\n==== " + started + " " + p.protocol() + " " + p.label() + ": " + String.join(" ", args));
    currentFile = file;
    List<String> said = new ArrayList<>();
    int code =
        launcher.run(
            args,
            file,
            line -> {
              log.fileOnly(line);
              said.add(line);
              if (said.size() > 5) {
                said.remove(0);
              }
              if (line.contains(" order ")
                  || line.contains("time limit ")
                  || line.contains("stopped from outside")) {
                log.consoleOnly(head + " " + line.strip());
              }
            });
    synchronized (pointEnd) {
      // a point's harness stopped by SIGINT or SIGTERM: the sweep stops too, as if it had been
      if (stopping || code == ExitCode.INTERRUPTED.code() || code == ExitCode.TERMINATED.code()) {
        // stopped from outside: what its harness wrote on the way out is not a result
        PointFiles.discardUnfinished(file);
        currentFile = null;
        return ExitCode.INTERRUPTED.code();
      }
      return finish(file, head, request, code, started, before, said);
    }
  }

  /** After a point's harness exited by itself: its file completed (or a failed one written). */
  private int finish(
      Path file,
      String head,
      PointRequest request,
      int code,
      Instant started,
      long[] before,
      List<String> said)
      throws IOException, InterruptedException {
    PointFiles.removeTemps(file);
    if (!Files.exists(file)) {
      if (code == ExitCode.USAGE.code()) {
        log.line("the harness rejected its arguments (exit 2); it said:");
        said.forEach(log::line);
        currentFile = null;
        return ExitCode.USAGE.code();
      }
      PointState state = code == ExitCode.TIMED_OUT.code() ? PointState.TIMEOUT : PointState.FAILED;
      String jvmFlags =
          s.site().clientJvmFlags() == null ? "" : String.join(" ", s.site().clientJvmFlags());
      FailedPoint.write(file, state, request, code, started, jvmFlags);
      if (state == PointState.FAILED) {
        log.line(head + ": the harness exited with " + code + " and wrote no file; it said:");
        said.forEach(l -> log.line("  " + l));
      }
    }
    if (before != null) {
      long[] after = target.linkBytes();
      Map<String, String> keys = new LinkedHashMap<>();
      keys.put("link_bytes_a_to_b", String.valueOf(after[0] - before[0]));
      keys.put("link_bytes_b_to_a", String.valueOf(after[1] - before[1]));
      keys.putAll(target.linkWindow());
      PointFiles.addKeys(file, keys);
      String check = keys.getOrDefault("link_emulator_check", "ok");
      if (!check.equals("ok")) {
        log.line(head + ": link " + check);
      }
    }
    currentFile = null;
    return code;
  }

  /** The sweep's facts and the point's link (a shaped profile's settings). */
  private Map<String, String> pointProvenance(Map<String, String> sweep, PlannedPoint p) {
    Map<String, String> m = new LinkedHashMap<>(sweep);
    m.putAll(target.linkProvenance(p.profile()));
    return m;
  }

  /**
   * The interrupt's part: no point is finished from now on, {@code launcher}'s JVM (null: none yet)
   * is stopped and the point in progress discarded.
   */
  void stop(PointLauncher launcher) {
    stopping = true;
    if (launcher != null) {
      launcher.stop();
    }
    synchronized (pointEnd) {
      Path file = currentFile;
      currentFile = null;
      if (file != null) {
        PointFiles.discardUnfinished(file);
      }
    }
  }
}
