package io.rpcxbench.verdict.compare;

import io.rpcxbench.raw.AtomicText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A comparison's {@code steal.tsv}: per unit (point, variant, round) the CPU time the hypervisor
 * stole while its kept attempt ran, in percent, or {@code nan} where it was not measured. The
 * runner writes it as units are kept; the tables read it beside each cell.
 *
 * <pre>{@code
 * StealTable t = StealTable.read(out);      // empty when there is none yet
 * t.put("closed-8", "rpcx", 3, "0.12");
 * t.write(out);
 * Double pct = t.percent("closed-8", "rpcx", 3);   // 0.12
 * }</pre>
 */
public final class StealTable {
  /** Its name in a comparison's folder. */
  public static final String FILE = "steal.tsv";

  private final Map<String, String> byUnit = new LinkedHashMap<>();

  private StealTable() {}

  /** The table of {@code dir}, as an earlier run left it; empty without one. */
  public static StealTable read(Path dir) throws IOException {
    StealTable t = new StealTable();
    Path file = dir.resolve(FILE);
    if (Files.exists(file)) {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        String[] f = line.split("\t");
        if (f.length == 4) {
          t.byUnit.put(key(f[0], f[1], f[2]), f[3]);
        }
      }
    }
    return t;
  }

  /** The unit's steal in percent as text ({@code nan}: not measured), replacing any before. */
  public void put(String point, String variant, int round, String percent) {
    byUnit.put(key(point, variant, String.valueOf(round)), percent);
  }

  /** The unit's steal in percent; null where it was not measured or is not known. */
  public Double percent(String point, String variant, int round) {
    String v = byUnit.get(key(point, variant, String.valueOf(round)));
    if (v == null || v.equals("nan")) {
      return null;
    }
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return null; // a line the runner did not write: no steal known
    }
  }

  /**
   * The table written into {@code dir}, atomically: point, variant, round, steal; a unit a line.
   */
  public void write(Path dir) throws IOException {
    StringBuilder b = new StringBuilder();
    byUnit.forEach((k, v) -> b.append(k).append('\t').append(v).append('\n'));
    AtomicText.write(dir.resolve(FILE), b.toString());
  }

  private static String key(String point, String variant, String round) {
    return point + "\t" + variant + "\t" + round;
  }
}
