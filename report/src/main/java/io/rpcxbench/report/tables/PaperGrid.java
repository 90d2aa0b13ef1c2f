package io.rpcxbench.report.tables;

import java.util.Collection;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * The thread and request counts the paper shows, and the rule for choosing ours: the measured
 * values that lie on the paper's grid; if none do, every measured value.
 */
public final class PaperGrid {
  /** Tables 3-4 and Figs. 8-10 rows: 10, 110, ..., 910 threads and then 990. */
  public static final List<Integer> THREADS =
      IntStream.concat(IntStream.iterate(10, t -> t <= 910, t -> t + 100), IntStream.of(990))
          .boxed()
          .toList();

  /** Tables 3-4 column groups. */
  public static final List<Integer> TABLE_REQUESTS = List.of(100, 300, 500);

  /** Figs. 8-10 bar groups: 10 requests in steps of 200 up to 900. */
  public static final List<Integer> FIGURE_REQUESTS =
      IntStream.iterate(10, r -> r <= 900, r -> r + 200).boxed().toList();

  private PaperGrid() {}

  /**
   * {@code measured} ∩ {@code grid}, or all of {@code measured} when they have nothing in common.
   */
  public static SortedSet<Integer> choose(Collection<Integer> measured, Collection<Integer> grid) {
    SortedSet<Integer> on = new TreeSet<>(measured);
    on.retainAll(grid);
    return on.isEmpty() ? new TreeSet<>(measured) : on;
  }
}
