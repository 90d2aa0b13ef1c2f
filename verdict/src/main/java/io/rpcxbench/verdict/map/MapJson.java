package io.rpcxbench.verdict.map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.verdict.choose.ChooseOutcome;
import java.util.Map;

/**
 * The map as JSON ({@code map.json}): the verdict, the axes, every condition (its values, what
 * decided it, each candidate's capacity with its interval and its bound), the crossings with their
 * intervals and the model's predictions, and the conditions worth measuring next.
 */
final class MapJson {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private MapJson() {}

  static String of(LinkMap m, String slo) throws java.io.IOException {
    ObjectNode d = JSON.createObjectNode();
    d.put("verdict", m.verdict());
    d.put("slo", slo);
    ArrayNode axes = d.putArray("axes");
    m.plan().axes().forEach(a -> axes.addObject().put("id", a.id).put("unit", a.unit));
    ArrayNode candidates = d.putArray("candidates");
    m.candidates().forEach(candidates::add);
    ArrayNode conditions = d.putArray("conditions");
    for (LinkMap.Cell c : m.cells()) {
      ObjectNode n = conditions.addObject();
      n.put("condition", c.condition().name());
      n.put("source", c.condition().source());
      ObjectNode values = n.putObject("values");
      c.condition().values().forEach((a, v) -> values.put(a.id, v));
      n.put("outcome", c.text());
      c.winner().ifPresent(w -> n.put("winner", w));
      if (c.problem() != null) {
        n.put("problem", c.problem());
      }
      if (c.outcome() == null) {
        continue;
      }
      if (c.outcome().linkRttMs() != null) {
        n.put("rtt_measured_ms", c.outcome().linkRttMs());
      }
      if (!c.outcome().linkAccuracy().isEmpty()) {
        n.put("rtt_accuracy", c.outcome().linkAccuracy());
      }
      ObjectNode each = n.putObject("candidates");
      for (ChooseOutcome.Candidate k : c.outcome().candidates()) {
        ObjectNode x = each.putObject(k.name());
        estimate(x.putObject("capacity"), k.capacity());
        x.put("limited_by", k.limitedBy());
        LinkModel.Bound b = c.bounds().get(k.name());
        if (b != null) {
          ObjectNode bound = x.putObject("bound");
          if (Double.isFinite(b.calls())) {
            bound.put("calls", b.calls());
          }
          bound.put("binding", b.binding());
          ObjectNode terms = bound.putObject("terms");
          for (Map.Entry<String, Double> t : b.terms().entrySet()) {
            terms.put(t.getKey(), t.getValue());
          }
          x.put("against_bound", LinkModel.against(k.capacity(), b));
        }
      }
    }
    ArrayNode crossovers = d.putArray("crossovers");
    for (LinkMap.Crossover x : m.crossovers()) {
      ObjectNode n = crossovers.addObject();
      n.put("below", x.below()).put("above", x.above()).put("axis", x.axis().id);
      n.put("line", x.line()).put("estimate", x.estimate()).put("low", x.low());
      n.put("high", x.high());
      ArrayNode p = n.putArray("predicted");
      x.predicted().forEach(p::add);
      n.put("words", x.words());
    }
    ArrayNode predicted = d.putArray("predicted_only");
    for (LinkMap.Predicted x : m.predicted()) {
      predicted.addObject().put("words", x.words()).put("axis", x.axis().id).put("at", x.at());
    }
    ArrayNode refine = d.putArray("worth_measuring");
    for (LinkMap.Refinement r : m.refinements()) {
      refine
          .addObject()
          .put("axis", r.axis().id)
          .put("value", r.value())
          .put("from", r.from())
          .put("to", r.to());
    }
    return JSON.writeValueAsString(d) + "\n";
  }

  /** The refinements as {@code refine.tsv}: what the runner measures next, a row each. */
  static String refineTsv(LinkMap m) {
    StringBuilder s = new StringBuilder("axis\tvalue\tfrom\tto\n");
    for (LinkMap.Refinement r : m.refinements()) {
      s.append(r.axis().id)
          .append('\t')
          .append(io.rpcxbench.stats.Num.significant(r.value()))
          .append('\t')
          .append(r.from())
          .append('\t')
          .append(r.to())
          .append('\n');
    }
    return s.toString();
  }

  private static void estimate(ObjectNode n, Estimate e) {
    if (e.value() != null) {
      n.put("value", e.value());
    }
    if (e.hasInterval()) {
      n.put("low", e.low()).put("high", e.high());
    }
    n.put("estimator", e.estimator());
  }
}
