package io.rpcxbench.report.tables;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.OpenLoad;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.stats.Num;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The knee of each protocol in one open-loop series: walking up its rates from the lowest (the
 * unloaded point), the last rate before the first point that did not keep up with its load ({@link
 * OpenLoad#overload}) or whose p99 reached {@code factor} times the unloaded p99. A rate sweep that
 * never gets there has its knee above the highest rate measured, and says so.
 *
 * <pre>{@code
 * List<Knee> knees = Knee.of(openPoints, 10);        // one per protocol
 * String md = Knee.markdown(knees, 10);
 * }</pre>
 */
public record Knee(
    RawProtocol protocol,
    int rates,
    CleanedPoint unloaded,
    CleanedPoint knee,
    CleanedPoint beyond,
    String why) {
  public static final double DEFAULT_FACTOR = 10;
  public static final String FILE = "knee";

  /** The knee of each protocol among {@code points} (other points than open-loop ones ignored). */
  public static List<Knee> of(List<CleanedPoint> points, double factor) {
    Map<RawProtocol, List<CleanedPoint>> byProtocol = new TreeMap<>();
    for (CleanedPoint p : points) {
      // a point without runs (failed) has no rate to place it at: listed as unfinished elsewhere
      if (p.load() != null) {
        byProtocol.computeIfAbsent(p.protocol(), x -> new ArrayList<>()).add(p);
      }
    }
    List<Knee> out = new ArrayList<>();
    byProtocol.forEach((protocol, own) -> out.add(of(protocol, own, factor)));
    return out;
  }

  private static Knee of(RawProtocol protocol, List<CleanedPoint> own, double factor) {
    List<CleanedPoint> sorted =
        own.stream().sorted(Comparator.comparingDouble(Knee::offered)).toList();
    CleanedPoint first = sorted.get(0);
    String firstOver = first.overload();
    if (firstOver != null || first.latency().p99Us() == null) {
      return new Knee(
          protocol,
          sorted.size(),
          first,
          null,
          first,
          "did not keep up at its lowest rate: "
              + (firstOver != null ? firstOver : "no latency recorded"));
    }
    double unloadedP99 = first.latency().p99Us();
    double limit = factor * unloadedP99;
    CleanedPoint knee = first;
    for (CleanedPoint p : sorted.subList(1, sorted.size())) {
      String over = p.overload();
      if (over != null) {
        return new Knee(protocol, sorted.size(), first, knee, p, over);
      }
      Double p99 = p.latency().p99Us();
      if (p99 == null || p99 >= limit) {
        String ratio =
            p99 == null
                ? "no latency recorded"
                : String.format(Locale.ROOT, "p99 %.1fx the unloaded p99", p99 / unloadedP99);
        return new Knee(protocol, sorted.size(), first, knee, p, ratio);
      }
      knee = p;
    }
    return new Knee(
        protocol, sorted.size(), first, knee, null, "kept up at every rate: the knee lies above");
  }

  /** Past this p99 / p50 the unloaded point is no quiet reference. */
  static final double QUIET_TAIL = 10;

  /**
   * Why the unloaded p99 is a doubtful reference, or empty: its p99 is over {@link #QUIET_TAIL}
   * times its p50 (a pause or a busy box in the reference itself), or a loaded point's p99 is below
   * half of it (the lowest rate was the disturbed one). A knee against such a reference is
   * generous: rerun the lowest rate.
   */
  public Optional<String> referenceWarning() {
    Double p99 = unloaded.latency().p99Us();
    Double p50 = unloaded.latency().p50Us();
    if (p99 == null) {
      return Optional.empty();
    }
    String head =
        protocol.id
            + ": the unloaded p99 ("
            + Num.fixed(p99, 1)
            + " µs at "
            + rate(unloaded)
            + " calls/s) ";
    if (p50 != null && p50 > 0 && p99 > QUIET_TAIL * p50) {
      return Optional.of(
          head
              + "is "
              + Num.fixed(p99 / p50, 1)
              + "x its p50 ("
              + Num.fixed(p50, 1)
              + " µs): the reference itself was disturbed (a pause, a busy box), so the knee"
              + " against it is generous; rerun the lowest rate.");
    }
    Double kneeP99 = knee == null ? null : knee.latency().p99Us();
    if (knee != unloaded && kneeP99 != null && kneeP99 < p99 / 2) {
      return Optional.of(
          head
              + "is over twice the knee's ("
              + Num.fixed(kneeP99, 1)
              + " µs at a higher rate): the lowest rate was the disturbed one, so the knee"
              + " against it is generous; rerun it.");
    }
    return Optional.empty();
  }

  /** The offered rate of a point with a load. */
  public static double offered(CleanedPoint p) {
    return p.load().targetRate();
  }

  /** The column of what limited the knee's runs; only there when some knee point says. */
  private static final String LIMITED_BY = "limited by at knee";

  private static final String[] HEAD = {
    "protocol",
    "rates",
    "unloaded rate (calls/s)",
    "unloaded p99 (µs)",
    "knee rate (calls/s)",
    "achieved there (calls/s)",
    "p99 at knee (µs)",
    "p99 / unloaded",
    LIMITED_BY,
    "next rate (calls/s)",
    "why it is not the knee"
  };

  /**
   * One row of cells per knee, in {@link #head}'s order: without the limited-by column when no knee
   * point has a {@code limited_by} (files written before the harness measured CPU).
   */
  private static List<String[]> cells(List<Knee> knees) {
    List<String[]> all = allCells(knees);
    if (hasLimitedBy(knees)) {
      return all;
    }
    int drop = List.of(HEAD).indexOf(LIMITED_BY);
    List<String[]> rows = new ArrayList<>();
    for (String[] row : all) {
      List<String> cells = new ArrayList<>(List.of(row));
      cells.remove(drop);
      rows.add(cells.toArray(String[]::new));
    }
    return rows;
  }

  private static boolean hasLimitedBy(List<Knee> knees) {
    return knees.stream().anyMatch(k -> k.knee != null && k.knee.limitedBy() != null);
  }

  private static List<String[]> allCells(List<Knee> knees) {
    List<String[]> rows = new ArrayList<>();
    for (Knee k : knees) {
      CleanedPoint u = k.unloaded;
      CleanedPoint n = k.knee;
      Double unloadedP99 = u.latency().p99Us();
      rows.add(
          new String[] {
            k.protocol.id,
            String.valueOf(k.rates),
            rate(u),
            n == null && unloadedP99 == null ? Cell.MISSING : num(unloadedP99, 1),
            n == null ? Cell.MISSING : rate(n),
            n == null ? Cell.MISSING : num(n.load().achievedRate(), 1),
            n == null ? Cell.MISSING : num(n.latency().p99Us(), 1),
            n == null ? Cell.MISSING : num(n.latency().p99Us() / unloadedP99, 2),
            n == null || n.limitedBy() == null ? Cell.MISSING : n.limitedBy(),
            k.beyond == null ? Cell.MISSING : rate(k.beyond),
            k.why
          });
    }
    return rows;
  }

  private static String rate(CleanedPoint p) {
    return p.load() == null ? Cell.MISSING : num(p.load().targetRate(), 0);
  }

  private static String num(Double v, int decimals) {
    return v == null ? Cell.MISSING : Num.fixed(v, decimals);
  }

  /** The knees as a Markdown table under a one-line explanation (also readable as plain text). */
  public static String markdown(List<Knee> knees, double factor) {
    StringBuilder b = new StringBuilder();
    List<String> head = head(knees);
    b.append(explanation(factor)).append("\n\n| ").append(String.join(" | ", head)).append(" |\n|");
    for (String h : head) {
      boolean text = h.equals(head.get(0)) || h.equals(head.get(1)) || h.equals(LIMITED_BY);
      b.append(text || h.equals(head.get(head.size() - 1)) ? " --- |" : " ---: |");
    }
    b.append('\n');
    for (String[] row : cells(knees)) {
      b.append("| ").append(String.join(" | ", row)).append(" |\n");
    }
    for (Knee k : knees) {
      k.referenceWarning().ifPresent(w -> b.append("\nWarning: ").append(w).append('\n'));
    }
    return b.toString();
  }

  public static String csv(List<Knee> knees) {
    StringBuilder b = new StringBuilder(String.join(",", head(knees))).append('\n');
    for (String[] row : cells(knees)) {
      List<String> quoted = new ArrayList<>();
      for (String c : row) {
        quoted.add(c.contains(",") || c.contains("\"") ? '"' + c.replace("\"", "\"\"") + '"' : c);
      }
      b.append(String.join(",", quoted)).append('\n');
    }
    return b.toString();
  }

  /** The rows for the HTML page, in {@link #head}'s order. */
  public static List<String[]> htmlRows(List<Knee> knees) {
    return cells(knees);
  }

  /** The column heads for {@code knees}: see {@link #cells}. */
  public static List<String> head(List<Knee> knees) {
    List<String> head = new ArrayList<>(List.of(HEAD));
    if (!hasLimitedBy(knees)) {
      head.remove(LIMITED_BY);
    }
    return head;
  }

  static String explanation(double factor) {
    return "Knee: walking up each protocol's rates from its lowest (the unloaded point), the "
        + "highest rate before the first one that did not keep up (achieved < 99 % of the target, "
        + "dropped calls lower it, or a call failed) or whose p99 reached "
        + Num.fixed(factor, factor == Math.rint(factor) ? 0 : 1)
        + "x the unloaded p99. Latency from each call's intended start.";
  }
}
