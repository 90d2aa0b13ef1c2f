package io.rpcxbench.verdict.page;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One colour per protocol across every chart of a report, PNG and interactive alike, from the
 * Okabe-Ito palette (safe for the common colour-vision deficiencies; its yellow left out, too pale
 * on white). The paper's three keep theirs in every report (RPCX blue, gRPC vermilion, OpenFeign
 * green); the others take the rest in the order given. Past seven protocols the colours repeat with
 * another dash ({@link #dash}).
 *
 * <pre>{@code
 * Palette palette = Palette.ofIds(List.of("thrift", "rpcx"));
 * palette.hex("grpc");   // "#D55E00"
 * }</pre>
 */
public final class Palette {
  /** Okabe and Ito (2008), without #F0E442. */
  public static final List<String> OKABE_ITO =
      List.of("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000");

  /** The paper's three, in its order: the first three colours are theirs in every report. */
  public static final List<String> PAPER = List.of("rpcx", "grpc", "openfeign");

  private final Map<String, Integer> slots;

  private Palette(Map<String, Integer> slots) {
    this.slots = slots;
  }

  /**
   * The palette for protocols named by id ({@code choose}'s candidates: an A/A copy {@code rpcx#2}
   * is named by its protocol's id), the paper's three in their colours, the others in this order.
   */
  public static Palette ofIds(Collection<String> ids) {
    Map<String, Integer> slots = new LinkedHashMap<>();
    for (int i = 0; i < PAPER.size(); i++) {
      slots.put(PAPER.get(i), i);
    }
    int next = PAPER.size();
    for (String id : ids) {
      if (!slots.containsKey(id)) {
        slots.put(id, next++);
      }
    }
    return new Palette(slots);
  }

  private int slot(String id) {
    Integer s = slots.get(id);
    return s != null ? s : OKABE_ITO.size() + Math.floorMod(id.hashCode(), 97);
  }

  /** The colour of the protocol {@code id}: {@code #0072B2}. */
  public String hex(String id) {
    return OKABE_ITO.get(slot(id) % OKABE_ITO.size());
  }

  /** 0 for the first seven protocols (solid), 1, 2, ... for those that share a colour. */
  public int dash(String id) {
    return slot(id) / OKABE_ITO.size();
  }
}
