package io.rpcxbench.runner.sweep;

import java.util.List;

/**
 * A sweep's points: its protocols and the closed loop's grid (threads x requests), or the open
 * loop's rates, each run for {@code durationS} seconds ({@code rates} null: the grid; {@code
 * threads} and {@code requests} null: the rates).
 *
 * <pre>{@code
 * SweepGrid.closed(List.of("rpcx"), threads, requests);
 * SweepGrid.open(List.of("rpcx", "grpc"), rates, 10);
 * }</pre>
 */
public record SweepGrid(
    List<String> protocols, CountList threads, CountList requests, CountList rates, int durationS) {
  public SweepGrid {
    protocols = List.copyOf(protocols);
  }

  /** The closed loop's grid. */
  public static SweepGrid closed(List<String> protocols, CountList threads, CountList requests) {
    return new SweepGrid(protocols, threads, requests, null, 0);
  }

  /** The open loop's rates, each point's runs {@code durationS} seconds long. */
  public static SweepGrid open(List<String> protocols, CountList rates, int durationS) {
    return new SweepGrid(protocols, null, null, rates, durationS);
  }
}
