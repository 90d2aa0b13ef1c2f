package io.rpcxbench.report.diff;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Num;
import io.rpcxbench.verdict.diff.DiffSide;
import io.rpcxbench.verdict.diff.PointChange;
import io.rpcxbench.verdict.significance.PairTest;
import io.rpcxbench.verdict.significance.Significance;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One folder's points side by side across network profiles ({@code sweep --profile
 * loopback,cross-az,wan}): per workload (a point's identity without its protocol and profile) a
 * table of each protocol's throughput, p50 and p99 under each profile, each protocol's ranking per
 * profile, and the pairs whose order flips between profiles; the profiles from the quickest link
 * (the lowest median p50) on. A ranking says {@code >} only where a test over trials says so (one
 * raw file a trial; the Hodges-Lehmann ratio with its Mann-Whitney interval, Holm-Bonferroni over
 * the profile's pairs), {@code ~} otherwise; a flip needs a significant difference each way.
 *
 * <pre>{@code
 * ProfileView v = ProfileView.of(DiffSide.read(Path.of("results/profiles")));
 * v.markdown();   // "## closed t16 r300 hello" ... "| rpcx | 74,608 (...) | ..."
 * }</pre>
 */
final class ProfileView {
  /** A workload: its label and, per profile, per protocol, the point. */
  record Workload(String label, Map<String, Map<String, DiffSide.Point>> byProfile) {}

  private final List<Workload> workloads;

  private ProfileView(List<Workload> workloads) {
    this.workloads = workloads;
  }

  /** The folder's points grouped by workload. */
  static ProfileView of(DiffSide side) {
    Map<String, Map<String, Map<String, DiffSide.Point>>> grouped = new TreeMap<>();
    for (DiffSide.Point p : side.points().values()) {
      PointIdentity id = p.id();
      String profile = id.networkProfile().isEmpty() ? "(none)" : id.networkProfile();
      grouped
          .computeIfAbsent(workload(id), k -> new LinkedHashMap<>())
          .computeIfAbsent(profile, k -> new TreeMap<>())
          .put(id.protocol(), p);
    }
    List<Workload> out = new ArrayList<>();
    grouped.forEach(
        (label, byProfile) -> {
          Map<String, Map<String, DiffSide.Point>> ordered = new LinkedHashMap<>();
          byProfile.keySet().stream()
              .sorted(Comparator.comparingDouble(pr -> medianP50(byProfile.get(pr))))
              .forEach(pr -> ordered.put(pr, byProfile.get(pr)));
          out.add(new Workload(label, ordered));
        });
    return new ProfileView(out);
  }

  /** The median of a profile's points' p50s: the profiles are shown from the quickest link on. */
  private static double medianP50(Map<String, DiffSide.Point> points) {
    double[] p50 =
        points.values().stream()
            .map(p -> PointChange.estimates(p).get(1).value())
            .filter(v -> v != null)
            .mapToDouble(Double::doubleValue)
            .sorted()
            .toArray();
    return p50.length == 0 ? Double.MAX_VALUE : p50[p50.length / 2];
  }

  List<Workload> workloads() {
    return workloads;
  }

  /** Whether any workload was measured under more than one profile. */
  boolean acrossProfiles() {
    return workloads.stream().anyMatch(w -> w.byProfile().size() > 1);
  }

  /** The point's identity as a label, its protocol and profile left out: its file name's rest. */
  private static String workload(PointIdentity id) {
    PointIdentity any = id.withNetworkProfile("");
    String name = any.fileName().replaceFirst("\\.csv$", "");
    return name + (id.linkRate().isEmpty() ? "" : " @" + id.linkRate());
  }

  /** Every workload: the table, the rankings and the flips, in Markdown. */
  String markdown() {
    StringBuilder b = new StringBuilder();
    for (Workload w : workloads) {
      b.append("## ").append(w.label()).append("\n\n");
      table(b, w);
      List<String> profiles = new ArrayList<>(w.byProfile().keySet());
      Map<String, List<PairTest>> throughput = new LinkedHashMap<>();
      Map<String, List<PairTest>> p99 = new LinkedHashMap<>();
      for (String profile : profiles) {
        throughput.put(profile, tests(w.byProfile().get(profile), true));
        p99.put(profile, tests(w.byProfile().get(profile), false));
      }
      b.append("Rankings (`>`: a test says so, `~`: no significant difference):\n\n");
      for (String profile : profiles) {
        Map<String, DiffSide.Point> points = w.byProfile().get(profile);
        b.append("- ")
            .append(profile)
            .append(": throughput ")
            .append(ranking(points, throughput.get(profile), true))
            .append("; p99 ")
            .append(ranking(points, p99.get(profile), false))
            .append('\n');
      }
      List<String> flips = new ArrayList<>();
      flips.addAll(flips(throughput, "throughput", true));
      flips.addAll(flips(p99, "p99", false));
      b.append('\n');
      if (profiles.size() < 2) {
        b.append("One profile only: nothing to flip.\n\n");
      } else if (flips.isEmpty()) {
        b.append(
            "No ranking flips between the profiles (no pair differs significantly both ways).\n\n");
      } else {
        b.append("**Rankings that flip:**\n\n");
        flips.forEach(f -> b.append("- ").append(f).append('\n'));
        b.append('\n');
      }
    }
    b.append(
        "Each figure is the median of the trials (one raw file each: a trial's calls over its kept"
            + " runs' time; p50 and p99 of its merged histogram, µs) with their range. Tests over"
            + " trials: the Hodges-Lehmann ratio with its 95 % Mann-Whitney interval, no test below"
            + " 4 trials a side; Holm-Bonferroni over the pairs of one profile.\n");
    return b.toString();
  }

  private static void table(StringBuilder b, Workload w) {
    Set<String> protocols = new LinkedHashSet<>();
    w.byProfile().values().forEach(m -> protocols.addAll(m.keySet()));
    b.append("| protocol |");
    StringBuilder rule = new StringBuilder("| --- |");
    for (String profile : w.byProfile().keySet()) {
      b.append(' ')
          .append(profile)
          .append(" calls/s | ")
          .append(profile)
          .append(" p50 µs | ")
          .append(profile)
          .append(" p99 µs |");
      rule.append(" ---: | ---: | ---: |");
    }
    b.append('\n').append(rule).append('\n');
    for (String protocol : protocols) {
      b.append("| ").append(protocol).append(" |");
      for (Map<String, DiffSide.Point> points : w.byProfile().values()) {
        DiffSide.Point p = points.get(protocol);
        if (p == null) {
          b.append(" - | - | - |");
          continue;
        }
        List<Estimate> e = PointChange.estimates(p);
        b.append(' ')
            .append(e.get(0).text(0, 1))
            .append(" | ")
            .append(e.get(1).text(1, 1e-3))
            .append(" | ")
            .append(e.get(2).text(1, 1e-3))
            .append(" |");
      }
      b.append('\n');
    }
    b.append('\n');
  }

  /** Every pair of one profile's protocols (a before b by name), Holm-adjusted. */
  private static List<PairTest> tests(Map<String, DiffSide.Point> points, boolean throughput) {
    List<String> names = new ArrayList<>(points.keySet());
    List<PairTest> family = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      for (int j = i + 1; j < names.size(); j++) {
        DiffSide.Point a = points.get(names.get(i));
        DiffSide.Point c = points.get(names.get(j));
        family.add(
            throughput
                ? PointChange.throughputTest(names.get(i), a, names.get(j), c)
                : PointChange.p99Test(names.get(i), a, names.get(j), c));
      }
    }
    return Significance.holm(family);
  }

  /** {@code rpcx > thrift ~ grpc-tuned > http-json}: best first. */
  private static String ranking(
      Map<String, DiffSide.Point> points, List<PairTest> tests, boolean higherIsBetter) {
    Map<String, Double> value = new LinkedHashMap<>();
    points.forEach(
        (name, p) -> {
          Double v = PointChange.estimates(p).get(higherIsBetter ? 0 : 2).value();
          if (v != null) {
            value.put(name, v);
          }
        });
    List<String> order = new ArrayList<>(value.keySet());
    Comparator<String> byValue = Comparator.comparingDouble(value::get);
    order.sort(higherIsBetter ? byValue.reversed() : byValue);
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < order.size(); i++) {
      if (i > 0) {
        PairTest t = find(tests, order.get(i - 1), order.get(i));
        s.append(t != null && t.significant() ? " > " + ratio(t, order.get(i - 1)) + " " : " ~ ");
      }
      s.append(order.get(i));
    }
    return s.toString();
  }

  /**
   * The pairs A, B where A is significantly better under one profile and B under another, as
   * sentences.
   */
  private static List<String> flips(
      Map<String, List<PairTest>> byProfile, String metric, boolean higherIsBetter) {
    Map<String, String[]> better =
        new LinkedHashMap<>(); // pair -> {profile A wins, profile B wins}
    List<String> lines = new ArrayList<>();
    byProfile.forEach(
        (profile, tests) -> {
          for (PairTest t : tests) {
            if (!t.significant() || t.ratio() == null) {
              continue;
            }
            // ratio = b / a: for throughput b wins above 1, for p99 below 1
            boolean bWins = higherIsBetter == (t.ratio() > 1);
            String[] seen = better.computeIfAbsent(t.a() + "|" + t.b(), k -> new String[2]);
            int side = bWins ? 1 : 0;
            if (seen[side] == null) {
              seen[side] = profile + " (" + t.b() + "/" + t.a() + " " + t.ratioText() + ")";
            }
          }
        });
    better.forEach(
        (pair, seen) -> {
          if (seen[0] != null && seen[1] != null) {
            String[] ab = pair.split("\\|");
            lines.add(
                metric
                    + ": "
                    + ab[0]
                    + " is better on "
                    + seen[0]
                    + ", "
                    + ab[1]
                    + " on "
                    + seen[1]
                    + " (ratios with 95 % intervals)");
          }
        });
    return lines;
  }

  /**
   * {@code (2.99x [2.85-3.07])}: the better one's figure over the other's, with its interval, as
   * the test found it (B / A, turned round when the better one is A).
   */
  private static String ratio(PairTest t, String better) {
    if (t.ratio() == null || t.ratioLow() == null) {
      return "";
    }
    boolean asIs = t.b().equals(better);
    double r = asIs ? t.ratio() : 1 / t.ratio();
    double lo = asIs ? t.ratioLow() : 1 / t.ratioHigh();
    double hi = asIs ? t.ratioHigh() : 1 / t.ratioLow();
    return "(" + Num.fixed(r, 2) + "x [" + Num.fixed(lo, 2) + "-" + Num.fixed(hi, 2) + "])";
  }

  private static PairTest find(List<PairTest> tests, String x, String y) {
    for (PairTest t : tests) {
      if ((t.a().equals(x) && t.b().equals(y)) || (t.a().equals(y) && t.b().equals(x))) {
        return t;
      }
    }
    return null;
  }
}
