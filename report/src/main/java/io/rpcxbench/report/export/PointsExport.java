package io.rpcxbench.report.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.Cleaner.PointRuns;
import io.rpcxbench.report.clean.OpenLoad;
import io.rpcxbench.report.clean.PointEstimates;
import io.rpcxbench.report.db.Series;
import io.rpcxbench.stats.Estimate;
import java.util.List;
import java.util.Map;

/**
 * The cleaned points as one JSON document, {@code report export}'s model (schema: {@code
 * export/points-export-1.schema.json} in the report jar, docs/report.md). Every figure is an
 * estimate {@code {value, low, high, estimator}} from the report's one engine ({@link
 * PointEstimates}); a point that kept no run has its status and run counts and no figures.
 *
 * <pre>{@code
 * ObjectNode doc = PointsExport.document(Cleaner.runKept(db, problems), version, generatedAt);
 * }</pre>
 */
public final class PointsExport {
  public static final int SCHEMA_VERSION = 1;
  private static final ObjectMapper JSON = new ObjectMapper();

  private PointsExport() {}

  /** The document: version, when, and one object per point, in the cleaning's order. */
  public static ObjectNode document(List<PointRuns> points, String version, String generatedAt) {
    ObjectNode doc = JSON.createObjectNode();
    doc.put("schema_version", SCHEMA_VERSION);
    doc.put("kind", "points");
    doc.put("version", version);
    doc.put("generated", generatedAt);
    ArrayNode all = doc.putArray("points");
    points.forEach(p -> all.add(point(p)));
    return doc;
  }

  static ObjectNode point(PointRuns runs) {
    CleanedPoint p = runs.point();
    ObjectNode o = JSON.createObjectNode();
    o.put("protocol", p.protocol().id);
    o.put("label", p.protocol().label);
    o.put("type", p.type());
    o.put("threads", p.threadNum());
    o.put("requests", p.requestNum());
    o.put("status", p.status().id);
    putNullable(o, "limit_s", p.limitS());
    o.set("series", series(p.series()));
    ObjectNode counts = o.putObject("runs");
    counts.put("kept", p.runsAveraged());
    counts.put("done", p.runsDone());
    putNullable(counts, "declared", p.runsDeclared());
    if (p.errorsSum() == null) {
      o.putNull("errors");
    } else {
      o.put("errors", p.errorsSum());
    }
    o.put("limited_by", p.limitedBy());
    if (runs.kept().isEmpty()) {
      return o;
    }
    Map<String, Estimate> e = PointEstimates.of(runs.kept());
    o.set("time_total_ms", estimate(e.get("time_total_ms"), 1));
    o.set("tps", estimate(e.get("tps"), 1));
    o.set("throughput", estimate(e.get("throughput"), 1));
    ObjectNode latency = o.putObject("latency_us");
    for (String q : List.of("p50", "p90", "p99", "p999")) {
      latency.set(q, estimate(e.get(q + "_us"), PointEstimates.MICROS_PER_UNIT));
    }
    latency.set(
        "max",
        estimate(Estimate.plain(p.latency().maxUs(), "max: " + from(p.latency().from())), 1));
    OpenLoad load = p.load();
    if (load != null) {
      ObjectNode l = o.putObject("load");
      l.put("target_rate", load.targetRate());
      l.put("achieved_rate", load.achievedRate());
      l.put("achieved_rate_min", load.achievedRateMin());
      l.put("dropped", load.dropped());
      String over = load.overload(p.errorsSum());
      l.put("kept_up", over == null);
      l.put("why_not", over);
    }
    return o;
  }

  private static String from(String latencyFrom) {
    return latencyFrom == null ? "none recorded" : "from the runs' " + latencyFrom;
  }

  private static ObjectNode series(Series s) {
    ObjectNode o = JSON.createObjectNode();
    o.put("key", s.key());
    o.put("text", s.text());
    o.put("requests_per", s.requestsPer());
    o.put("call", s.call());
    o.put("client_host", s.clientHost());
    o.put("link_rate", s.linkRate());
    o.put("load_model", s.loadModel());
    o.put("scenario", s.scenario());
    ObjectNode others = o.putObject("others");
    s.others().forEach(others::put);
    return o;
  }

  private static ObjectNode estimate(Estimate e, double scale) {
    ObjectNode o = JSON.createObjectNode();
    putScaled(o, "value", e.value(), scale);
    putScaled(o, "low", e.low(), scale);
    putScaled(o, "high", e.high(), scale);
    o.put("estimator", e.estimator());
    return o;
  }

  private static void putScaled(ObjectNode o, String name, Double v, double scale) {
    if (v == null || v.isNaN()) {
      o.putNull(name);
    } else {
      o.put(name, Math.round(v * scale * 1000) / 1000.0); // to the 0.001, as the tables
    }
  }

  private static void putNullable(ObjectNode o, String name, Integer v) {
    if (v == null) {
      o.putNull(name);
    } else {
      o.put(name, v);
    }
  }
}
