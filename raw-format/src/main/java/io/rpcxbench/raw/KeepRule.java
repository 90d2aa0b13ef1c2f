package io.rpcxbench.raw;

import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Which runs of a point its figures are made of, decided once for the harness and the report alike:
 * the paper's cleaning drops run 0 (it holds the JVM's start-up) and keeps runs 1..N-1; a point
 * declared with one run ({@code --runs 1}) keeps that run (there is nothing else, and its figures
 * include the start-up), while a point of ten runs cut short after run 0 keeps none. Before this
 * home the rule was written in nine places, and for a one-run file six kept the run and three
 * dropped it, so the harness and the report could judge one point differently.
 *
 * <pre>{@code
 * KeepRule.kept(contents);                        // a file's rows: orders 1.., or its one run
 * KeepRule.kept(stored, StoredRun::order, 10);     // any run type with an order, 10 runs declared
 * KeepRule.keeps(0, 10);                           // false: run 0 of ten is the start-up
 * }</pre>
 */
public final class KeepRule {
  private KeepRule() {}

  /** Whether the run of {@code order} of a point declared with {@code runs} runs counts. */
  public static boolean keeps(int order, int runs) {
    return runs <= 1 || order != 0;
  }

  /**
   * The runs that count, in the given order; {@code declared}: the runs the point was declared with
   * (0 when not known: then the runs at hand).
   */
  public static <T> List<T> kept(List<T> runs, ToIntFunction<T> order, int declared) {
    int n = declared > 0 ? declared : runs.size();
    return runs.stream().filter(r -> keeps(order.applyAsInt(r), n)).toList();
  }

  /** The rows at hand that count, their number taken as declared. */
  public static List<RunRow> kept(List<RunRow> rows) {
    return kept(rows, RunRow::order, 0);
  }

  /** The rows of a file that count (none when it is not usable), by its declared runs. */
  public static List<RunRow> kept(RawContents c) {
    if (!c.usable()) {
      return List.of();
    }
    int declared;
    try {
      declared = Integer.parseInt(c.provenance("runs").orElse("0").trim());
    } catch (NumberFormatException e) {
      declared = 0;
    }
    return kept(c.rows(), RunRow::order, declared);
  }
}
