package io.rpcxbench.verdict.map;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The link conditions of a map, as {@code rpcx-bench choose --across} writes them in {@code
 * map.tsv} beside one choose folder per condition: the axes it varies ({@code # axes: rtt,loss})
 * and per condition its folder (the derived profile's name, {@code lan+rtt=10ms+loss=1%}), every
 * axis's value as the link was set (a rate left empty is not limited) and whether the grid or a
 * refinement put it there.
 *
 * <pre>{@code
 * MapPlan plan = MapPlan.read(Path.of("results/map"));
 * plan.axes();                                   // [RTT, LOSS]
 * plan.conditions().get(0).value(MapAxis.RTT);  // 0.1
 * }</pre>
 */
record MapPlan(List<MapAxis> axes, List<Condition> conditions) {
  static final String FILE = MapVerdict.PLAN;

  /**
   * A condition: its folder's name, each axis's value, its source ({@code grid} or {@code
   * refined}), and the runner's note where it measured nothing there (empty: none).
   */
  record Condition(String name, Map<MapAxis, Double> values, String source, String note) {
    Double value(MapAxis a) {
      return values.get(a);
    }

    /** The values of every axis but {@code a}, in {@code axes}' order: the line it lies on. */
    String lineOf(MapAxis a, List<MapAxis> axes) {
      StringBuilder s = new StringBuilder();
      for (MapAxis x : axes) {
        if (x != a) {
          s.append(s.isEmpty() ? "" : ", ").append(x.words).append(' ').append(x.text(value(x)));
        }
      }
      return s.toString();
    }
  }

  /**
   * The plan in {@code dir}.
   *
   * @throws IOException when {@code map.tsv} is missing or malformed (its line named)
   */
  static MapPlan read(Path dir) throws IOException {
    Path file = dir.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      throw new IOException(
          dir + " holds no " + FILE + ": not a map (rpcx-bench choose --across writes one)");
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    List<MapAxis> axes = null;
    List<String> header = null;
    List<Condition> conditions = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String where = file + ":" + (i + 1) + ": ";
      if (line.startsWith("# axes:")) {
        axes = new ArrayList<>();
        for (String id : line.substring(7).trim().split(",")) {
          try {
            axes.add(MapAxis.of(id.trim()));
          } catch (IllegalArgumentException e) {
            throw new IOException(where + e.getMessage(), e);
          }
        }
        continue;
      }
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", -1);
      if (header == null) {
        header = Arrays.asList(f);
        for (String column : List.of("condition", "source")) {
          if (!header.contains(column)) {
            throw new IOException(where + "no column '" + column + "' in the header");
          }
        }
        continue;
      }
      if (f.length != header.size()) {
        throw new IOException(where + f.length + " fields, the header has " + header.size());
      }
      String name = f[header.indexOf("condition")];
      if (name.isEmpty() || name.contains("/") || name.startsWith(".")) {
        throw new IOException(
            where + "a condition's folder must be a plain name, got '" + name + "'");
      }
      Map<MapAxis, Double> values = new EnumMap<>(MapAxis.class);
      for (MapAxis a : MapAxis.values()) {
        int at = header.indexOf(a.column);
        if (at < 0 || f[at].isEmpty()) {
          continue;
        }
        try {
          values.put(a, Double.valueOf(f[at]));
        } catch (NumberFormatException e) {
          throw new IOException(where + a.column + " is no number: '" + f[at] + "'", e);
        }
      }
      int note = header.indexOf("note");
      conditions.add(
          new Condition(name, values, f[header.indexOf("source")], note < 0 ? "" : f[note]));
    }
    if (axes == null || axes.isEmpty()) {
      throw new IOException(file + ": no '# axes:' line");
    }
    if (conditions.isEmpty()) {
      throw new IOException(file + ": no condition");
    }
    return new MapPlan(List.copyOf(axes), List.copyOf(conditions));
  }
}
