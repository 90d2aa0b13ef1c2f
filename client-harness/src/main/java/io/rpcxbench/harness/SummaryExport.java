package io.rpcxbench.harness;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.rpcxbench.api.RpcxBenchVersion;
import io.rpcxbench.harness.config.LoadModel;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.stats.Estimate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --summary-export FILE.json}: the point's summary as JSON (k6's option name), read back
 * from the raw files just written, with the same estimators as the console table ({@link
 * SummaryTable}) and the same names as choose's scorecard ({@code calls}, {@code errors}, {@code
 * dropped}, {@code p50_us}, {@code p99_us}; an estimate is {@code {value, low, high, estimator}}).
 * Its schema is {@code summary-export.schema.json} (in the jar and in docs/), versioned by {@code
 * schema_version}; docs/harness.md, "Console and exports" describes it. Written atomically: a temp
 * file in the same folder, then a move.
 *
 * <pre>{@code
 * new SummaryExport(config, outcomes, exitCode).write(Path.of("summary.json"));
 * }</pre>
 */
final class SummaryExport {
  /** Raised when a field changes meaning or goes away; new optional fields keep it. */
  static final int SCHEMA_VERSION = 1;

  static final String SCHEMA_RESOURCE = "/summary-export.schema.json";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final RunConfig config;
  private final List<PointRun.PointOutcome> outcomes;
  private final int exitCode;

  SummaryExport(RunConfig config, List<PointRun.PointOutcome> outcomes, int exitCode) {
    this.config = config;
    this.outcomes = outcomes;
    this.exitCode = exitCode;
  }

  /** The summary as a JSON tree of maps and lists. */
  Map<String, Object> summary() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("schema_version", SCHEMA_VERSION);
    m.put("kind", "point");
    m.put("version", RpcxBenchVersion.line());
    m.put("exit_code", exitCode);
    m.put("exit_meaning", exitMeaning(exitCode));
    LoadModel model = config.loadModel();
    m.put("load_model", model.kind().id());
    Map<String, Object> load = new LinkedHashMap<>();
    load.put("call", config.load().call().id());
    load.put("runs", config.load().runs());
    switch (model.kind()) {
      case CLOSED -> {
        load.put("threads", config.load().threads());
        load.put("requests", config.load().requests());
      }
      case IN_FLIGHT -> {
        load.put("in_flight", model.inFlight());
        load.put("requests", config.load().requests());
      }
      case OPEN -> {
        load.put("offered_per_second", model.schedule().meanRate());
        load.put("duration_s", model.schedule().total().toMillis() / 1000.0);
        load.put("max_in_flight", model.maxInFlight());
      }
    }
    m.put("load", load);
    m.put("options", config.optionsLine());
    m.put("out", String.valueOf(config.output().out()));
    List<Object> protocols = new ArrayList<>();
    for (PointRun.PointOutcome o : outcomes) {
      protocols.add(protocol(o));
    }
    m.put("protocols", protocols);
    return m;
  }

  private Map<String, Object> protocol(PointRun.PointOutcome o) {
    Path file = PointRecorder.resultFile(config, o.protocol());
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("protocol", o.protocol().id());
    m.put("exit_code", o.exitCode());
    m.put("file", file.toString());
    RawContents c = contents(file);
    List<RunRow> rows = c == null ? List.of() : c.rows();
    m.put("status", c == null ? "no_file" : c.provenance("status").orElse("unknown"));
    m.put("started", c == null ? null : c.provenance("started").orElse(null));
    m.put("finished", c == null ? null : c.provenance("finished").orElse(null));
    m.put("runs", rows.size());
    List<RunRow> kept = SummaryTable.Figures.kept(rows);
    m.put("kept_runs", kept.stream().map(RunRow::order).toList());
    m.put("calls", rows.stream().mapToLong(RunRow::calls).sum());
    m.put("errors", rows.stream().mapToLong(RunRow::errors).sum());
    m.put("dropped", rows.stream().mapToLong(r -> (long) SummaryTable.number(r, "dropped")).sum());
    if (kept.isEmpty()) {
      return m;
    }
    SummaryTable.Figures f = SummaryTable.Figures.of(kept);
    m.put("calls_per_second", estimate(f.callsPerSecond(), 1));
    m.put("p50_us", estimate(f.latency().get(0), 1e-3));
    m.put("p99_us", estimate(f.latency().get(1), 1e-3));
    m.put("time_ms", estimate(f.timeMs(), 1));
    if (config.loadModel().kind() == LoadModel.Kind.OPEN) {
      m.put(
          "achieved_per_second",
          estimate(
              Estimate.mean(
                  "achieved",
                  Estimate.values(kept, r -> SummaryTable.number(r, "achieved_rate")),
                  Estimate.runs(kept.stream().map(RunRow::order).toList())),
              1));
    } else {
      m.put("tps", estimate(f.tps(), 1));
    }
    return m;
  }

  private static RawContents contents(Path file) {
    if (!Files.exists(file)) {
      return null;
    }
    try {
      return RawResultFile.read(file);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static Map<String, Object> estimate(Estimate e, double scale) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("value", e.value() == null ? null : e.value() * scale);
    m.put("low", e.low() == null ? null : e.low() * scale);
    m.put("high", e.high() == null ? null : e.high() * scale);
    m.put("estimator", e.estimator());
    return m;
  }

  /** The exit code's name in the one list ({@link io.rpcxbench.api.ExitCode}), or "other". */
  static String exitMeaning(int code) {
    io.rpcxbench.api.ExitCode e = io.rpcxbench.api.ExitCode.of(code);
    return e == null ? "other" : e.id();
  }

  /** Writes the summary to {@code file} atomically (a temp file beside it, then a move). */
  void write(Path file) throws IOException {
    Path target = file.toAbsolutePath();
    Files.createDirectories(target.getParent());
    Path temp = Files.createTempFile(target.getParent(), ".summary-", ".json.tmp");
    try {
      Files.writeString(temp, JSON.writeValueAsString(summary()) + "\n");
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
