package io.rpcxbench.verdict.map;

import io.rpcxbench.verdict.choose.ChooseOutcome;
import io.rpcxbench.verdict.significance.PairTest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which protocol wins where: a map's conditions with each one's outcome (a winner, "cannot tell",
 * none met the SLO, or not measured), the crossings of every pair along every axis with their
 * intervals ({@link Crossings}), each candidate's bound at each condition ({@link LinkModel}) and
 * where the bounds predict a crossing, and the conditions worth measuring next (between two
 * neighbours a crossing lies between).
 *
 * <pre>{@code
 * LinkMap m = LinkMap.of(plan, outcomes);
 * m.crossovers().get(0).words(); // "thrift overtakes rpcx above 12 ms (8.1-17 ms) of round trip..."
 * m.refinements();               // [Refinement[axis=RTT, value=3.2, from=..., to=...]]
 * }</pre>
 */
record LinkMap(
    MapPlan plan,
    List<String> candidates,
    List<Cell> cells,
    List<Crossover> crossovers,
    List<Predicted> predicted,
    List<Refinement> refinements,
    Map<String, String> references) {

  /** A condition and what its choose decided; {@code outcome} null when it was not measured. */
  record Cell(
      MapPlan.Condition condition,
      ChooseOutcome outcome,
      String problem,
      Map<String, LinkModel.Bound> bounds) {
    /** The candidate {@code name} measured here; null when it was not. */
    ChooseOutcome.Candidate candidate(String name) {
      return find(outcome, name);
    }

    /** The winner's name, or empty. */
    Optional<String> winner() {
      return outcome == null ? Optional.empty() : outcome.winner();
    }

    /** {@code rpcx}, {@code cannot tell (rpcx, thrift)}, {@code none met}, {@code not measured}. */
    String text() {
      if (outcome == null) {
        return problem == null ? "not measured" : problem;
      }
      if (outcome.noneMet()) {
        return "none met";
      }
      return outcome.winner().orElse("cannot tell (" + String.join(", ", outcome.top()) + ")");
    }

    Double rttMs(Double baseRttMs) {
      if (outcome != null && outcome.linkRttMs() != null) {
        return outcome.linkRttMs();
      }
      Double added = condition.value(MapAxis.RTT);
      return (baseRttMs == null ? 0 : baseRttMs) + (added == null ? 0 : added);
    }
  }

  /** A measured crossing of a pair along an axis, on the line where the other axes are fixed. */
  record Crossover(
      String below,
      String above,
      MapAxis axis,
      String line,
      double estimate,
      double low,
      double high,
      List<Double> predicted) {
    /** In words, with the model's prediction where it made one. */
    String words() {
      String s =
          above
              + " overtakes "
              + below
              + " above "
              + axis.text(estimate)
              + " ("
              + axis.text(low)
              + " to "
              + axis.text(high)
              + ") of "
              + axis.words
              + (line.isEmpty() ? "" : " at " + line);
      if (predicted.isEmpty()) {
        return s + "; the bounds predict no crossing there";
      }
      double p = predicted.get(0);
      boolean inside = p >= low && p <= high;
      return s
          + "; the bounds predict "
          + axis.text(p)
          + (inside ? ", inside the interval" : ", outside the interval");
    }
  }

  /** A crossing the bounds predict on a line where none was measured. */
  record Predicted(String a, String b, MapAxis axis, String line, double at) {
    String words() {
      return "the bounds of "
          + a
          + " and "
          + b
          + " cross at "
          + axis.text(at)
          + " of "
          + axis.words
          + (line.isEmpty() ? "" : " at " + line)
          + ", where no crossing was measured";
    }
  }

  /** A condition to measure next: {@code axis} at {@code value}, the rest as {@code from}. */
  record Refinement(MapAxis axis, double value, String from, String to) {}

  /**
   * The map of {@code plan} with each condition's outcome ({@code outcomes}: by condition name).
   */
  static LinkMap of(
      MapPlan plan, Map<String, ChooseOutcome> outcomes, Map<String, String> problems) {
    Set<String> names = new LinkedHashSet<>();
    outcomes.values().forEach(o -> o.candidates().forEach(c -> names.add(c.name())));
    List<String> candidates = List.copyOf(names);
    Map<String, MapPlan.Condition> reference = references(plan, outcomes, candidates);
    Double baseRtt = baseRtt(reference, outcomes);
    List<Cell> cells = new ArrayList<>();
    for (MapPlan.Condition c : plan.conditions()) {
      ChooseOutcome o = outcomes.get(c.name());
      Map<String, LinkModel.Bound> bounds = new LinkedHashMap<>();
      Cell bare = new Cell(c, o, problems.get(c.name()), bounds);
      if (o != null) {
        double rtt = bare.rttMs(baseRtt);
        for (String name : candidates) {
          MapPlan.Condition ref = reference.get(name);
          ChooseOutcome.Candidate r = ref == null ? null : find(outcomes.get(ref.name()), name);
          Double loss = c.value(MapAxis.LOSS);
          Double rate = c.value(MapAxis.RATE);
          bounds.put(
              name,
              LinkModel.bound(
                  r,
                  find(o, name),
                  rtt,
                  loss == null ? 0 : loss / 100,
                  rate == null ? null : rate * 1e6,
                  o.sloLimitUs()));
        }
      }
      cells.add(bare);
    }
    List<Crossover> crossovers = new ArrayList<>();
    List<Predicted> predicted = new ArrayList<>();
    List<Refinement> refinements = new ArrayList<>();
    for (MapAxis axis : plan.axes()) {
      for (List<Cell> line : lines(cells, axis)) {
        for (int i = 0; i < candidates.size(); i++) {
          for (int j = i + 1; j < candidates.size(); j++) {
            pair(
                axis,
                plan.axes(),
                line,
                candidates.get(i),
                candidates.get(j),
                crossovers,
                predicted);
          }
        }
        refine(axis, plan.axes(), line, crossovers, refinements);
      }
    }
    Map<String, String> refs = new LinkedHashMap<>();
    reference.forEach((k, v) -> refs.put(k, v.name()));
    return new LinkMap(
        plan,
        candidates,
        List.copyOf(cells),
        List.copyOf(crossovers),
        List.copyOf(predicted),
        List.copyOf(refinements),
        refs);
  }

  /** The map's answer in one sentence: its crossings, or who led where there are none. */
  String verdict() {
    if (!crossovers.isEmpty()) {
      List<String> words = crossovers.stream().map(Crossover::words).toList();
      return "The ranking changes: " + String.join("; ", words) + ".";
    }
    long measured = cells.stream().filter(c -> c.outcome() != null).count();
    Map<String, Long> wins = new LinkedHashMap<>();
    cells.forEach(c -> c.winner().ifPresent(w -> wins.merge(w, 1L, Long::sum)));
    long undecided =
        cells.stream()
            .filter(c -> c.outcome() != null && c.winner().isEmpty() && !c.outcome().noneMet())
            .count();
    long none = cells.stream().filter(c -> c.outcome() != null && c.outcome().noneMet()).count();
    if (measured == 0) {
      return "No condition was measured.";
    }
    List<String> parts = new ArrayList<>();
    wins.forEach((w, n) -> parts.add(w + " wins at " + n + " of " + measured + " conditions"));
    if (undecided > 0) {
      parts.add("at " + undecided + " the rounds cannot tell the top apart");
    }
    if (none > 0) {
      parts.add("at " + none + " none met the SLO");
    }
    return "No crossing measured: "
        + String.join("; ", parts)
        + (cells.size() > measured ? " (" + (cells.size() - measured) + " not measured)" : "")
        + ".";
  }

  private static void pair(
      MapAxis axis,
      List<MapAxis> axes,
      List<Cell> line,
      String a,
      String b,
      List<Crossover> crossovers,
      List<Predicted> predicted) {
    List<Crossings.Point> points = new ArrayList<>();
    List<Double> xs = new ArrayList<>();
    List<Double> model = new ArrayList<>();
    for (Cell c : line) {
      double x = c.condition().value(axis);
      xs.add(x);
      LinkModel.Bound ba = c.bounds().get(a);
      LinkModel.Bound bb = c.bounds().get(b);
      model.add(
          ba == null || bb == null || ba.calls() <= 0 || bb.calls() <= 0
              ? null
              : Math.log(bb.calls() / ba.calls()));
      Optional<PairTest> t = c.outcome().pair(a, b);
      if (t.isEmpty() || t.get().ratio() == null || t.get().ratio() <= 0) {
        points.add(new Crossings.Point(x, null, null, null, false));
        continue;
      }
      PairTest p = t.get();
      points.add(
          new Crossings.Point(
              x, Math.log(p.ratio()), log(p.ratioLow()), log(p.ratioHigh()), p.significant()));
    }
    String where = line.get(0).condition().lineOf(axis, axes);
    List<Double> flips = Crossings.flips(xs, model, axis);
    List<Crossings.Crossing> found = Crossings.of(points, axis);
    for (Crossings.Crossing x : found) {
      List<Double> near =
          flips.stream()
              .sorted(Comparator.comparingDouble(f -> Math.abs(f - x.estimate())))
              .limit(1)
              .toList();
      crossovers.add(
          new Crossover(
              x.from() > 0 ? b : a,
              x.from() > 0 ? a : b,
              axis,
              where,
              x.estimate(),
              x.low(),
              x.high(),
              near));
    }
    if (found.isEmpty()) {
      flips.forEach(f -> predicted.add(new Predicted(a, b, axis, where, f)));
    }
  }

  /** Between the two measured neighbours each crossing lies between, when they are far apart. */
  private static void refine(
      MapAxis axis,
      List<MapAxis> axes,
      List<Cell> line,
      List<Crossover> crossovers,
      List<Refinement> out) {
    String where = line.get(0).condition().lineOf(axis, axes);
    for (Crossover x : crossovers) {
      if (x.axis() != axis || !x.line().equals(where)) {
        continue;
      }
      for (int k = 0; k + 1 < line.size(); k++) {
        double lo = line.get(k).condition().value(axis);
        double hi = line.get(k + 1).condition().value(axis);
        if (x.estimate() < lo || x.estimate() > hi || !axis.worthSplitting(lo, hi)) {
          continue;
        }
        double mid = axis.between(lo, hi);
        String from = line.get(k).condition().name();
        boolean known = line.stream().anyMatch(c -> c.condition().value(axis) == mid);
        boolean said =
            out.stream()
                .anyMatch(r -> r.axis() == axis && r.value() == mid && r.from().equals(from));
        if (!known && !said && mid > lo && mid < hi) {
          out.add(new Refinement(axis, mid, from, line.get(k + 1).condition().name()));
        }
      }
    }
  }

  /** The measured conditions grouped by the values of every axis but {@code axis}, sorted on it. */
  List<List<Cell>> lines(MapAxis axis) {
    return lines(cells, axis);
  }

  private static List<List<Cell>> lines(List<Cell> cells, MapAxis axis) {
    Map<String, List<Cell>> by = new LinkedHashMap<>();
    for (Cell c : cells) {
      if (c.outcome() == null || c.condition().value(axis) == null) {
        continue;
      }
      StringBuilder key = new StringBuilder();
      for (MapAxis x : MapAxis.values()) {
        if (x != axis) {
          key.append(x.id).append('=').append(c.condition().value(x)).append(';');
        }
      }
      by.computeIfAbsent(key.toString(), k -> new ArrayList<>()).add(c);
    }
    List<List<Cell>> out = new ArrayList<>();
    for (List<Cell> line : by.values()) {
      if (line.size() >= 2) {
        line.sort(Comparator.comparingDouble(c -> c.condition().value(axis)));
        out.add(line);
      }
    }
    return out;
  }

  /**
   * Per candidate, the condition where the link takes least: least loss, then round trip, then
   * jitter, then the most bandwidth, among those it met the SLO at.
   */
  private static Map<String, MapPlan.Condition> references(
      MapPlan plan, Map<String, ChooseOutcome> outcomes, List<String> candidates) {
    Comparator<MapPlan.Condition> least =
        Comparator.comparingDouble((MapPlan.Condition c) -> orZero(c.value(MapAxis.LOSS)))
            .thenComparingDouble(c -> orZero(c.value(MapAxis.RTT)))
            .thenComparingDouble(c -> orZero(c.value(MapAxis.JITTER)))
            .thenComparingDouble(
                c ->
                    c.value(MapAxis.RATE) == null
                        ? Double.NEGATIVE_INFINITY
                        : -c.value(MapAxis.RATE));
    Map<String, MapPlan.Condition> out = new LinkedHashMap<>();
    for (String name : candidates) {
      plan.conditions().stream()
          .filter(c -> outcomes.containsKey(c.name()))
          .filter(
              c -> {
                ChooseOutcome.Candidate x = find(outcomes.get(c.name()), name);
                return x != null && x.capacity().value() != null && x.capacity().value() > 0;
              })
          .min(least)
          .ifPresent(c -> out.put(name, c));
    }
    return out;
  }

  /** The round trip of the link itself: the reference's measured one less what its profile adds. */
  private static Double baseRtt(
      Map<String, MapPlan.Condition> reference, Map<String, ChooseOutcome> outcomes) {
    for (MapPlan.Condition c : reference.values()) {
      ChooseOutcome o = outcomes.get(c.name());
      if (o != null && o.linkRttMs() != null) {
        return Math.max(0, o.linkRttMs() - orZero(c.value(MapAxis.RTT)));
      }
    }
    return null;
  }

  private static ChooseOutcome.Candidate find(ChooseOutcome o, String name) {
    if (o == null) {
      return null;
    }
    return o.candidates().stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }

  private static double orZero(Double v) {
    return v == null ? 0 : v;
  }

  private static Double log(Double v) {
    return v == null || v <= 0 ? null : Math.log(v);
  }
}
