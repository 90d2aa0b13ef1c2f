package io.rpcxbench.harness;

import io.rpcxbench.harness.config.DurationConverter;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.Protocol;
import java.util.Locale;

/** The lines a point prints to stderr as it goes: each run, the warm-up, the time limit. */
final class RunLines {
  private final RunConfig config;
  private final Protocol protocol;

  RunLines(RunConfig config) {
    this.config = config;
    this.protocol = config.protocols().get(0);
  }

  String limit(int runsCompleted) {
    return String.format(
        Locale.ROOT,
        "%-9s time limit %s per %s reached after %d of %d runs; the file keeps them"
            + " (status timeout)",
        protocol,
        DurationConverter.format(config.load().timeLimit()),
        config.load().timeLimitPer().id(),
        runsCompleted,
        config.load().runs());
  }

  String progress(RunResult r) {
    String line =
        String.format(
            Locale.ROOT,
            "%-9s order %d/%d: time %.3f ms, tps %.1f, calls/s %.1f, calls %d, errors %d,"
                + " p50 %.1f us, p99 %.1f us",
            protocol,
            r.order(),
            config.load().runs(),
            r.timeTotalMs(),
            r.tps(config.load().requests()),
            r.throughput(),
            r.calls(),
            r.errors(),
            r.p50Us(),
            r.p99Us());
    line += LoadModelReport.lineSuffix(r);
    return r.firstError() == null ? line : line + " (first error: " + r.firstError() + ")";
  }

  String warmup(LoadRunner.Warmup w) {
    String line =
        String.format(
            Locale.ROOT,
            "%-9s warm-up: %.1f s, %d calls, %d errors",
            protocol,
            w.timeNanos() / 1e9,
            w.calls(),
            w.errors());
    return w.firstError() == null ? line : line + " (first error: " + w.firstError() + ")";
  }
}
