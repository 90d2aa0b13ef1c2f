package io.rpcxbench.runner.repeat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The reproduction's four regimes (docs/reproduction.md): two links, each with the two readings of
 * the paper's request count, on its grid. A regime says the lab's link and the sweep's options;
 * {@link #sideBySide()} regimes run each protocol in a lab of its own at once (every point there is
 * held by its link, not a CPU).
 *
 * <pre>{@code
 * ReproRegime r = ReproRegime.byId("b-1mbit-thread");
 * r.rate();                    // "1mbit"
 * r.sweepArgs("rpcx");         // [--protocol, rpcx, --threads, 10:910:100,990, ...]
 * }</pre>
 */
enum ReproRegime {
  A_1GBIT_TOTAL("a-1gbit-total", "1gbit", false, "--requests-per", "total"),
  B_1MBIT_TOTAL("b-1mbit-total", "1mbit", false, "--requests-per", "total"),
  A_1GBIT_THREAD(
      "a-1gbit-thread", "1gbit", false, "--requests-per", "thread", "--stop-after-failures", "2"),
  B_1MBIT_THREAD(
      "b-1mbit-thread",
      "1mbit",
      true,
      "--requests-per",
      "thread",
      "--stop-after-failures",
      "1",
      "--skip-dominated");

  /** The paper's three protocols, in lab order (lab K runs the K-th when side by side). */
  static final List<String> PROTOCOLS = List.of("rpcx", "grpc", "openfeign");

  /** The paper's grid, as sweep.sh takes it, after the protocol. */
  static final List<String> GRID =
      List.of(
          "--threads",
          "10:910:100,990",
          "--requests",
          "100,300,500",
          "--runs",
          "10",
          "--point-timeout",
          "600",
          "--timeout-per",
          "point");

  private final String id;
  private final String rate;
  private final boolean sideBySide;
  private final List<String> options;

  ReproRegime(String id, String rate, boolean sideBySide, String... options) {
    this.id = id;
    this.rate = rate;
    this.sideBySide = sideBySide;
    this.options = List.of(options);
  }

  String id() {
    return id;
  }

  /** The lab's link rate (deploy/lab.sh up --rate). */
  String rate() {
    return rate;
  }

  boolean sideBySide() {
    return sideBySide;
  }

  /** The regime's own sweep options, after the grid. */
  List<String> options() {
    return options;
  }

  /** sweep.sh's arguments for {@code protocols} (comma-separated) in this regime. */
  List<String> sweepArgs(String protocols) {
    List<String> args = new ArrayList<>(List.of("--protocol", protocols));
    args.addAll(GRID);
    args.addAll(options);
    return args;
  }

  /** Every regime's id, comma-separated, in order. */
  static String ids() {
    return Arrays.stream(values()).map(ReproRegime::id).collect(Collectors.joining(","));
  }

  /** The regime of {@code id}. */
  static ReproRegime byId(String id) {
    for (ReproRegime r : values()) {
      if (r.id.equals(id)) {
        return r;
      }
    }
    throw new IllegalArgumentException("unknown regime '" + id + "' (known: " + ids() + ")");
  }
}
