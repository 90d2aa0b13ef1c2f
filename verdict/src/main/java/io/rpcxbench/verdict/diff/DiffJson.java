package io.rpcxbench.verdict.diff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.rpcxbench.stats.Gate;
import io.rpcxbench.stats.Threshold;
import io.rpcxbench.verdict.significance.PairTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A diff as JSON (diff.json): every point's metrics with their change, test and verdict. */
final class DiffJson {
  private DiffJson() {}

  static String of(DiffReport r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("base", r.base().dir().toString());
    m.put("new", r.next().dir().toString());
    m.put("summary", r.summary());
    List<Object> points = new ArrayList<>();
    for (PointChange c : r.changes()) {
      Map<String, Object> point = new LinkedHashMap<>();
      point.put("point", c.label());
      point.put("design", c.design().name().toLowerCase(java.util.Locale.ROOT));
      for (PointChange.Measure x : PointChange.Measure.values()) {
        PairTest t = c.tests().get(x.ordinal());
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("base", scaled(c.base().get(x.ordinal()).value(), x.scale));
        v.put("new", scaled(c.next().get(x.ordinal()).value(), x.scale));
        v.put("change_percent", t.ratio() == null ? null : (t.ratio() - 1) * 100);
        v.put("change_low_percent", t.ratioLow() == null ? null : (t.ratioLow() - 1) * 100);
        v.put("change_high_percent", t.ratioHigh() == null ? null : (t.ratioHigh() - 1) * 100);
        v.put("change", scaled(t.difference(), x.scale));
        v.put("change_low", scaled(t.differenceLow(), x.scale));
        v.put("change_high", scaled(t.differenceHigh(), x.scale));
        v.put("trials_base", c.trials(x, false));
        v.put("trials_new", c.trials(x, true));
        double d = c.detectable(x);
        v.put("detectable_percent", Double.isInfinite(d) ? null : d);
        v.put("p", t.p());
        v.put("p_holm", t.pAdjusted());
        v.put("significant", t.significant());
        v.put("verdict", c.verdict(x));
        v.put("test", t.test());
        point.put(x.id, v);
      }
      points.add(point);
    }
    m.put("points", points);
    m.put("only_base", r.onlyBase());
    m.put("only_new", r.onlyNew());
    List<Object> t = new ArrayList<>();
    for (Threshold.Check c : r.checks()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("threshold", c.threshold().expression());
      x.put("applies_to", c.subject());
      x.put("value", c.threshold().inShownUnit(c.actual()));
      x.put("pass", c.pass());
      t.add(x);
    }
    m.put("thresholds", t);
    List<Object> g = new ArrayList<>();
    for (Gate x : r.gates()) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("threshold", x.threshold().expression());
      e.put("applies_to", x.subject());
      e.put("answer", x.answer().name());
      e.put("trials_to_tell", x.trialsToTell());
      e.put("line", x.line());
      g.add(e);
    }
    m.put("gates", g);
    m.put("spans", r.spans());
    m.put("outcome", r.outcome().name());
    m.put("passed", r.passed());
    try {
      return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(m)
          + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("diff json: " + e.getMessage(), e);
    }
  }

  private static Double scaled(Double v, double scale) {
    return v == null ? null : v * scale;
  }
}
