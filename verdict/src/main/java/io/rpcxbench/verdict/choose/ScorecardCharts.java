package io.rpcxbench.verdict.choose;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rpcxbench.stats.CapacityModel;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.verdict.page.ChartLibrary;
import io.rpcxbench.verdict.page.Palette;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The data of the scorecard's charts, drawn in the page by {@code rpcx-scorecard.js}: each
 * candidate's SLO capacity with its 95 % interval and its rounds' capacities; the probability of
 * meeting the SLO against the rate, the capacity model's curve ({@link CapacityModel}: P(met |
 * rate) = Phi((ln c50 - ln rate) / s)) with every probe at 1 (met) or 0 (missed); and the SLO
 * percentile each probe reached against its rate ({@code probes.tsv}), a line through each rate's
 * median and the SLO's limit. One Okabe-Ito colour per protocol ({@link Palette}); an A/A copy
 * dashed.
 *
 * <pre>{@code
 * String json = ScorecardCharts.json(scorecard);   // for <script type="application/json">
 * }</pre>
 */
final class ScorecardCharts {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

  /** Points on each probability curve, evenly on the log of the rate. */
  static final int CURVE_POINTS = 60;

  /** The three charts' ids, in the page's order. */
  static final List<String> IDS = List.of("capacity", "probability", "latency");

  private ScorecardCharts() {}

  /** The three charts and the scripts that draw them (inlined: the page stays one file). */
  /**
   * The capacity chart, right under the table so that it is on the first screen at 1400 px; none
   * where no candidate met the SLO (a row of zeros: the table says how close each came).
   */
  static void addCapacity(io.rpcxbench.verdict.page.Page page, Scorecard s)
      throws java.io.IOException {
    if (!s.noneMet()) {
      page.chart(
          "capacity",
          "SLO capacity per candidate",
          "Each candidate's SLO capacity: the mean of its rounds (diamond) with its 95 % t"
              + " interval (bar) and each round's capacity (dots).");
    }
  }

  /** The probes' charts. */
  static void add(io.rpcxbench.verdict.page.Page page, Scorecard s) throws java.io.IOException {
    page.heading("Charts");
    boolean probes = s.candidates().stream().anyMatch(c -> !s.probes(c.name()).isEmpty());
    if (probes) {
      page.chart(
          "probability",
          "Probability of meeting the SLO against rate",
          "P(meets "
              + s.settings().sloText()
              + " | rate): the capacity model fitted over every probe of every round (a probit on"
              + " log rate); each probe at 1 (met, dot) or 0 (missed, cross); the dashed line at"
              + " 0.9 is the rate to plan with.");
      page.chart(
          "latency",
          s.percentileName() + " against rate per candidate",
          "The "
              + s.percentileName()
              + " each probe reached at its offered rate (dot: met the SLO, cross: missed), a line"
              + " through each rate's median; the dashed line is the SLO's limit. Log scales.");
    }
    page.scripts(
        "<script type=\"application/json\" id=\"scorecard-data\">"
            + json(s)
            + "</script>\n"
            + ChartLibrary.inlineScripts("rpcx-scorecard.js"));
  }

  /** The JSON for a {@code <script type="application/json">}: no {@code </} inside. */
  static String json(Scorecard s) {
    return of(s).toString().replace("</", "<\\/");
  }

  static ObjectNode of(Scorecard s) {
    Palette palette =
        Palette.ofIds(s.candidates().stream().map(c -> ChooseRecord.protocol(c.name())).toList());
    ObjectNode d = JSON.createObjectNode();
    String p = s.percentileName();
    d.put("slo", s.settings().sloText()).put("percentile", p);
    if (s.settings().sloLimitUs() != null) {
      d.put("sloUs", s.settings().sloLimitUs());
    }
    ObjectNode titles = d.putObject("titles");
    titles.put("capacity", "SLO capacity per candidate: mean of rounds, 95 % interval, each round");
    titles.put("probability", "P(meets " + s.settings().sloText() + ") against the offered rate");
    titles.put("latency", p + " every probe reached against its offered rate");
    ArrayNode capacity = d.putArray("capacity");
    ArrayNode probability = d.putArray("probability");
    ArrayNode latency = d.putArray("latency");
    for (Scorecard.Ranked r : s.ranking()) {
      ChooseCandidate c = r.candidate();
      String colour = palette.hex(ChooseRecord.protocol(c.name()));
      capacity(capacity.addObject(), c, colour);
      List<ProbeRows.Row> probes = s.probes(c.name());
      if (probes.isEmpty()) {
        continue;
      }
      ObjectNode prob = probability.addObject();
      series(prob, c, colour);
      curve(prob.putArray("curve"), s.models().get(c.name()), probes);
      ArrayNode dots = prob.putArray("probes");
      probes.forEach(
          x -> dots.addObject().put("x", x.rate()).put("met", x.met()).put("round", x.round()));
      ObjectNode lat = latency.addObject();
      series(lat, c, colour);
      latency(lat, probes);
    }
    return d;
  }

  private static void capacity(ObjectNode o, ChooseCandidate c, String colour) {
    Estimate e = c.capacity();
    o.put("name", c.name()).put("color", colour).put("estimator", e.estimator());
    o.put("value", e.value() == null ? 0 : e.value());
    if (e.hasInterval()) {
      o.put("low", Math.max(0, e.low())).put("high", e.high());
    }
    ArrayNode rounds = o.putArray("rounds");
    c.capacities().forEach(rounds::add);
  }

  private static void series(ObjectNode o, ChooseCandidate c, String colour) {
    o.put("name", c.name()).put("color", colour);
    ArrayNode dash = o.putArray("dash");
    if (c.name().contains("#")) {
      dash.add(6).add(3);
    }
  }

  /**
   * The model's curve over the probes' rates (a half-decade either side); none when the probes show
   * no edge (all met, all missed, or no fall with the rate).
   */
  private static void curve(ArrayNode out, CapacityModel.Fit fit, List<ProbeRows.Row> probes) {
    if (fit == null || !fit.model().bracketed() || !(fit.model().spread() > 0)) {
      return;
    }
    double lo = Math.log(probes.stream().mapToDouble(ProbeRows.Row::rate).min().orElse(1) / 1.5);
    double hi = Math.log(probes.stream().mapToDouble(ProbeRows.Row::rate).max().orElse(1) * 1.5);
    double mu = Math.log(fit.model().c50());
    for (int i = 0; i < CURVE_POINTS; i++) {
      double x = lo + (hi - lo) * i / (CURVE_POINTS - 1);
      out.addObject()
          .put("x", Math.exp(x))
          .put("y", NORMAL.cumulativeProbability((mu - x) / fit.model().spread()));
    }
  }

  /** Every probe's percentile at its rate, and the median of each rate's probes as a line. */
  private static void latency(ObjectNode o, List<ProbeRows.Row> probes) {
    ArrayNode points = o.putArray("points");
    Map<Double, List<Double>> byRate = new TreeMap<>();
    for (ProbeRows.Row x : probes) {
      if (x.percentileUs() == null || x.percentileUs() <= 0) {
        continue;
      }
      points
          .addObject()
          .put("x", x.rate())
          .put("y", x.percentileUs())
          .put("met", x.met())
          .put("round", x.round())
          .put("limitedBy", x.limitedBy());
      byRate.computeIfAbsent(x.rate(), k -> new ArrayList<>()).add(x.percentileUs());
    }
    ArrayNode medians = o.putArray("medians");
    byRate.forEach((rate, values) -> medians.addObject().put("x", rate).put("y", median(values)));
  }

  private static double median(List<Double> values) {
    List<Double> v = values.stream().sorted().toList();
    int n = v.size();
    return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
  }
}
