package io.rpcxbench.report.wire;

import io.rpcxbench.report.text.PrintfNumber;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * bench/wire-bytes.sh's table: a row a measured protocol in the order asked, the frameworks ranked
 * by bytes a call (the floor, a baseline without service or method names, is not ranked), then the
 * subject's rank and its distance from the floor.
 *
 * <pre>{@code
 * List<String> md = new WireTable(costs, "bare", "rpcx").lines();
 * }</pre>
 */
final class WireTable {
  private final List<WireCost> costs;
  private final String floor;
  private final String subject;

  WireTable(List<WireCost> costs, String floor, String subject) {
    this.costs = List.copyOf(costs);
    this.floor = floor;
    this.subject = subject;
  }

  List<String> lines() {
    Map<String, Integer> rank = ranks();
    List<String> out = new ArrayList<>();
    out.add(
        "| protocol | bytes on lo per call | packets per call | TCP payload per call | connections"
            + " opened (N1 run / N2 run) | rank among the frameworks (bytes) |");
    out.add("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (WireCost c : costs) {
      out.add(
          String.join(
              " | ",
              "| " + c.label(),
              c.bytes(),
              c.packets(),
              c.payload(),
              c.opensShortRun() + " / " + c.opensLongRun(),
              rank.containsKey(c.protocol()) ? rank.get(c.protocol()) + " |" : "floor |"));
    }
    out.add("");
    WireCost mine = find(subject);
    if (mine != null && rank.containsKey(subject)) {
      int r = rank.get(subject);
      out.add(
          mine.label()
              + " ranks "
              + r
              + " of "
              + rank.size()
              + " frameworks by bytes per call ("
              + (r == 1 ? "the smallest: PASS" : "not the smallest: MISS")
              + ").");
      WireCost base = find(floor);
      if (base != null) {
        out.add(
            "Against the "
                + floor
                + " baseline (the floor, no service/method names or types): "
                + PrintfNumber.signed(printed(mine.bytes()) - printed(base.bytes()), 1)
                + " bytes per call on lo, "
                + PrintfNumber.signed(printed(mine.payload()) - printed(base.payload()), 1)
                + " bytes of TCP payload.");
      }
    }
    return out;
  }

  /** 1 = the fewest bytes a call as printed; equal bytes in protocol-id order. */
  private Map<String, Integer> ranks() {
    List<WireCost> ranked =
        costs.stream()
            .filter(c -> !c.protocol().equals(floor))
            .sorted(
                Comparator.comparingDouble((WireCost c) -> printed(c.bytes()))
                    .thenComparing(WireCost::protocol))
            .toList();
    Map<String, Integer> rank = new HashMap<>();
    for (int i = 0; i < ranked.size(); i++) {
      rank.put(ranked.get(i).protocol(), i + 1);
    }
    return rank;
  }

  private WireCost find(String protocol) {
    return costs.stream().filter(c -> c.protocol().equals(protocol)).findFirst().orElse(null);
  }

  private static double printed(String number) {
    return Double.parseDouble(number);
  }
}
