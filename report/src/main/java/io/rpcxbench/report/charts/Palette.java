package io.rpcxbench.report.charts;

import io.rpcxbench.report.db.RawProtocol;
import java.awt.Color;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * One colour per protocol across every chart of a report, PNG and interactive alike, from the
 * Okabe-Ito palette (safe for the common colour-vision deficiencies; its yellow left out, too pale
 * on white). The paper's three keep theirs in every report (RPCX blue, gRPC vermilion, OpenFeign
 * green); the others take the rest in the protocols' order. Past seven protocols the colours repeat
 * with another dash ({@link #dash}).
 *
 * <pre>{@code
 * Palette palette = Palette.of(protocolsOfTheWholeReport);
 * palette.hex(RawProtocol.GRPC);   // "#D55E00"
 * }</pre>
 */
public final class Palette {
  /** Okabe and Ito (2008), without #F0E442. */
  static final List<String> OKABE_ITO =
      List.of("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000");

  private final Map<String, Integer> slots;

  private Palette(Map<String, Integer> slots) {
    this.slots = slots;
  }

  /** The palette for a report of {@code protocols} (every page of it gets the same one). */
  public static Palette of(Collection<RawProtocol> protocols) {
    Map<String, Integer> slots = new LinkedHashMap<>();
    for (int i = 0; i < RawProtocol.PAPER.size(); i++) {
      slots.put(RawProtocol.PAPER.get(i).id, i);
    }
    int next = RawProtocol.PAPER.size();
    for (RawProtocol p : new TreeSet<>(protocols)) {
      if (!slots.containsKey(p.id)) {
        slots.put(p.id, next++);
      }
    }
    return new Palette(slots);
  }

  /**
   * The palette for candidates named by protocol id ({@code choose}'s: an A/A copy {@code rpcx#2}
   * is its protocol's colour with a dash of its own), the paper's three in their colours.
   */
  public static Palette ofIds(Collection<String> ids) {
    Map<String, Integer> slots = new LinkedHashMap<>();
    for (int i = 0; i < RawProtocol.PAPER.size(); i++) {
      slots.put(RawProtocol.PAPER.get(i).id, i);
    }
    int next = RawProtocol.PAPER.size();
    for (String id : ids) {
      if (!slots.containsKey(id)) {
        slots.put(id, next++);
      }
    }
    return new Palette(slots);
  }

  /** The colour of the protocol {@code id} (its slot in {@link #ofIds}). */
  public String hex(String id) {
    Integer s = slots.get(id);
    int slot = s != null ? s : OKABE_ITO.size() + Math.floorMod(id.hashCode(), 97);
    return OKABE_ITO.get(slot % OKABE_ITO.size());
  }

  private int slot(RawProtocol p) {
    Integer s = slots.get(p.id);
    return s != null ? s : OKABE_ITO.size() + Math.floorMod(p.id.hashCode(), 97);
  }

  /** {@code #0072B2}. */
  public String hex(RawProtocol p) {
    return OKABE_ITO.get(slot(p) % OKABE_ITO.size());
  }

  public Color color(RawProtocol p) {
    return Color.decode(hex(p));
  }

  /** 0 for the first seven protocols (solid), 1, 2, ... for those that share a colour. */
  public int dash(RawProtocol p) {
    return slot(p) / OKABE_ITO.size();
  }
}
