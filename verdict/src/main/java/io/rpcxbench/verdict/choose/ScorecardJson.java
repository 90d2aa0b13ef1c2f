package io.rpcxbench.verdict.choose;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Threshold;
import io.rpcxbench.verdict.significance.PairTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scorecard as JSON ({@code scorecard.json}, {@code --summary-export}): the same figures as the
 * page, as numbers (latencies in µs, capacities in calls/s), each estimate with its interval and
 * estimator, every pair's test, the thresholds and the verdict.
 *
 * <pre>{@code
 * String json = ScorecardJson.of(scorecard);
 * // {"title": "items(10) at p99 <= 5 ms: ...", "verdict": "...", "winner": "rpcx", ...}
 * }</pre>
 */
public final class ScorecardJson {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ScorecardJson() {}

  public static String of(Scorecard s, ChooseWorkload w) {
    ChooseRecord st = s.settings();
    ChooseVerdict v = ChooseVerdict.of(s);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("title", s.title(w));
    m.put("workload", st.workload());
    Map<String, Object> link = new LinkedHashMap<>();
    link.put("profile", w.profile());
    link.put("rtt_measured_ms", w.linkRttMs());
    link.put("check", w.linkCheck());
    link.put("off_profile", w.linkOff());
    link.put("accuracy", w.linkAccuracy().isEmpty() ? null : w.linkAccuracy());
    link.put("accuracy_held", io.rpcxbench.raw.LinkAccuracy.of(w.linkAccuracy()).held());
    m.put("link", link);
    m.put("tls", w.tls().isEmpty() ? null : w.tls());
    m.put("none_met", s.noneMet());
    Map<String, Object> slo = new LinkedHashMap<>();
    slo.put("text", st.sloText());
    slo.put("typed", st.slo());
    slo.put("percentile", st.sloPercentile());
    slo.put("limit_us", st.sloLimitUs());
    m.put("slo", slo);
    m.put("target", st.target());
    m.put("network", st.network());
    m.put("rounds", st.rounds());
    m.put("stopped", st.stopped());
    m.put("shared_rate", st.sharedRate());
    m.put("started", st.started());
    m.put("ended", st.ended());
    m.put("verdict", v.text());
    m.put("winner", s.namedWinner().orElse(null));
    m.put("winner_for_thresholds", s.winner().name());
    m.put("calibration", calibration(s.calibration()));
    List<Object> candidates = new ArrayList<>();
    for (Scorecard.Ranked r : s.ranking()) {
      Map<String, Object> c = candidate(r);
      s.closest(r.candidate())
          .ifPresent(
              a -> {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("percentile_us", a.percentileUs());
                x.put("rate", a.rate());
                x.put("limited_by", a.limitedBy());
                x.put("highest_rate_met", a.highestMet());
                x.put("probes", a.probes());
                c.put("closest_approach", x);
              });
      candidates.add(c);
    }
    m.put("candidates", candidates);
    m.put("capacity_pairs", s.capacityPairs().stream().map(t -> pair(t, 1)).toList());
    m.put("latency_pairs", s.latencyPairs().stream().map(t -> pair(t, 1e-3)).toList());
    m.put(
        "aa_check",
        Scorecard.aa(s.capacityPairs()).stream().anyMatch(PairTest::significant)
            ? "failed"
            : Scorecard.aa(s.capacityPairs()).isEmpty() ? "none" : "held");
    m.put("warnings", v.warnings());
    List<Object> checks = new ArrayList<>();
    for (Threshold.Check c : s.checks()) {
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("threshold", c.threshold().expression());
      t.put("applies_to", c.subject());
      t.put("value", c.threshold().inShownUnit(c.actual()));
      t.put("pass", c.pass());
      checks.add(t);
    }
    m.put("thresholds", checks);
    m.put("passed", s.passed());
    try {
      return JSON.writeValueAsString(m) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("scorecard.json: " + e.getMessage(), e);
    }
  }

  private static Map<String, Object> candidate(Scorecard.Ranked r) {
    ChooseCandidate c = r.candidate();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", c.name());
    m.put("protocol", ChooseRecord.protocol(c.name()));
    m.put("rank", r.rank());
    m.put("rank_text", r.rankText());
    m.put("capacity", estimate(c.capacity(), 1));
    m.put("capacity_rounds", c.capacities());
    m.put("zero_capacity_rounds", c.zeroRounds());
    m.put("limited_by", c.limitedBy());
    m.put("p50_us", estimate(c.p50(), 1e-3));
    m.put("p99_us", estimate(c.p99(), 1e-3));
    m.put("p999_us", estimate(c.p999(), 1e-3));
    m.put("client_cpu_us_per_call", estimate(c.clientUsPerCall(), 1));
    m.put("server_cpu_us_per_call", estimate(c.serverUsPerCall(), 1));
    m.put("server_rss_mib", estimate(c.serverRssMiB(), 1));
    m.put("server_bytes_in_per_call", estimate(c.bytesInPerCall(), 1));
    m.put("server_bytes_out_per_call", estimate(c.bytesOutPerCall(), 1));
    m.put("connections", estimate(c.connections(), 1));
    m.put("calls", c.calls());
    m.put("errors", c.errors());
    m.put("dropped", c.dropped());
    m.put("drop_share", c.dropShare());
    m.put("kept_runs", c.keptRuns());
    m.put("contended_runs", c.contendedRuns());
    return m;
  }

  private static Map<String, Object> estimate(Estimate e, double scale) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("value", e.value() == null ? null : e.value() * scale);
    m.put("low", e.low() == null ? null : e.low() * scale);
    m.put("high", e.high() == null ? null : e.high() * scale);
    m.put("estimator", e.estimator());
    return m;
  }

  /** {@code scale}: 1 for capacities (calls/s), 1e-3 for latencies (ns to µs). */
  private static Map<String, Object> pair(PairTest t, double scale) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("candidate", t.b());
    m.put("vs", t.a());
    m.put("ratio", t.ratio());
    m.put("ratio_low", t.ratioLow());
    m.put("ratio_high", t.ratioHigh());
    m.put("difference", scaled(t.difference(), scale));
    m.put("difference_low", scaled(t.differenceLow(), scale));
    m.put("difference_high", scaled(t.differenceHigh(), scale));
    m.put("p", t.p());
    m.put("p_holm", t.pAdjusted());
    m.put("significant", t.significant());
    m.put("aa", Scorecard.isAa(t));
    m.put("test", t.test());
    m.put("note", t.note());
    return m;
  }

  private static Double scaled(Double v, double scale) {
    return v == null ? null : v * scale;
  }

  /**
   * This machine's calibration as the scorecard read it (null without one): when and over what it
   * was measured, and per metric its spreads and measured false-positive rates. It measured a
   * closed-loop point's throughput and latency, not an SLO capacity.
   */
  private static Map<String, Object> calibration(io.rpcxbench.stats.Calibration c) {
    if (c == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("point", c.point());
    m.put("measured", c.measured().toString());
    m.put("invocations", c.invocations());
    m.put("trials_a_side", c.trials());
    Map<String, Object> metrics = new LinkedHashMap<>();
    for (io.rpcxbench.stats.Calibration.Metric x : c.metrics()) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("trial_spread", finite(x.spread()));
      v.put("invocation_spread", finite(x.invocationSpread()));
      v.put("invocation_share", finite(x.components().invocation().share()));
      v.put("false_positives_interleaved", rate(x.interleaved()));
      v.put("false_positives_apart", rate(x.apart()));
      metrics.put(x.name(), v);
    }
    m.put("metrics", metrics);
    return m;
  }

  private static Map<String, Object> rate(io.rpcxbench.stats.FalsePositives f) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("significant", f.significant());
    m.put("verdicts", f.verdicts());
    m.put("invocations", f.invocations());
    m.put("low", f.verdicts() == 0 ? null : f.low());
    m.put("high", f.verdicts() == 0 ? null : f.high());
    return m;
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }
}
