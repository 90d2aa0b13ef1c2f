package io.rpcxbench.report.clean;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What limited a point's kept runs, from their {@code limited_by} values (client, server, link,
 * none): null when no run has a value, the value itself when every kept run has the same one, else
 * the counts, most frequent first, e.g. "client 7/9, none 2/9" (runs without a value count only in
 * the denominator).
 *
 * <pre>{@code
 * String s = KeptLimits.summary(Arrays.asList("client", "client", null)); // "client 2/3"
 * }</pre>
 */
public final class KeptLimits {
  /** Ties between counts break in this order; other values follow, alphabetically. */
  static final List<String> ORDER = List.of("client", "server", "link", "none");

  private KeptLimits() {}

  /** The summary of {@code values} (one per kept run, null where a run has none). */
  static String summary(Collection<String> values) {
    Map<String, Integer> counts = counts(values);
    if (counts.isEmpty()) {
      return null;
    }
    if (counts.size() == 1 && counts.values().iterator().next() == values.size()) {
      return counts.keySet().iterator().next();
    }
    return format(counts, values.size());
  }

  /**
   * What limited a set of points, from their summaries: each point counts once, for its most
   * frequent value, e.g. "client 31/33, none 2/33" (points without a value count only in the
   * denominator); null when no point has a value.
   */
  public static String ofPoints(Collection<String> summaries) {
    List<String> values = summaries.stream().map(KeptLimits::mostFrequent).toList();
    Map<String, Integer> counts = counts(values);
    return counts.isEmpty() ? null : format(counts, values.size());
  }

  /** "client 7/9, none 2/9": each count over {@code total}, in the counts' order. */
  private static String format(Map<String, Integer> counts, int total) {
    List<String> parts = new ArrayList<>();
    counts.forEach((v, n) -> parts.add(v + " " + n + "/" + total));
    return String.join(", ", parts);
  }

  /** How often each non-null value occurs, most frequent first, ties in {@link #ORDER}. */
  static Map<String, Integer> counts(Collection<String> values) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    values.stream().filter(Objects::nonNull).forEach(v -> counts.merge(v, 1, Integer::sum));
    Map<String, Integer> sorted = new LinkedHashMap<>();
    counts.entrySet().stream()
        .sorted(
            Comparator.<Map.Entry<String, Integer>>comparingInt(e -> -e.getValue())
                .thenComparing(e -> rank(e.getKey()))
                .thenComparing(Map.Entry::getKey))
        .forEach(e -> sorted.put(e.getKey(), e.getValue()));
    return sorted;
  }

  /**
   * The most frequent value of a summary made by {@link #summary} ("client" of "client 7/9, none
   * 2/9"); null for a null summary.
   */
  static String mostFrequent(String summary) {
    if (summary == null) {
      return null;
    }
    int end = summary.indexOf(' ');
    return end < 0 ? summary : summary.substring(0, end);
  }

  private static int rank(String value) {
    int i = ORDER.indexOf(value);
    return i < 0 ? ORDER.size() : i;
  }
}
