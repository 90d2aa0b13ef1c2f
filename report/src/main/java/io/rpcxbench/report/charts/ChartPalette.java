package io.rpcxbench.report.charts;

import io.rpcxbench.report.db.RawProtocol;
import java.awt.Color;
import java.util.Collection;
import java.util.TreeSet;

/**
 * The one palette ({@link io.rpcxbench.verdict.page.Palette}) for a report's protocols, in their
 * order, with the colour as Java2D draws it.
 *
 * <pre>{@code
 * ChartPalette palette = ChartPalette.of(protocolsOfTheWholeReport);
 * palette.hex(RawProtocol.GRPC);   // "#D55E00"
 * }</pre>
 */
public final class ChartPalette {
  private final io.rpcxbench.verdict.page.Palette ids;

  private ChartPalette(io.rpcxbench.verdict.page.Palette ids) {
    this.ids = ids;
  }

  /** The palette for a report of {@code protocols} (every page of it gets the same one). */
  public static ChartPalette of(Collection<RawProtocol> protocols) {
    return new ChartPalette(
        io.rpcxbench.verdict.page.Palette.ofIds(
            new TreeSet<>(protocols).stream().map(p -> p.id).toList()));
  }

  /** {@code #0072B2}. */
  public String hex(RawProtocol p) {
    return ids.hex(p.id);
  }

  public Color color(RawProtocol p) {
    return Color.decode(hex(p));
  }

  /** 0 for the first seven protocols (solid), 1, 2, ... for those that share a colour. */
  public int dash(RawProtocol p) {
    return ids.dash(p.id);
  }
}
