package io.rpcxbench.runner.link;

import io.rpcxbench.link.DerivedProfile;
import io.rpcxbench.link.NetworkProfile;
import io.rpcxbench.link.NetworkProfiles;
import io.rpcxbench.raw.AtomicText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code choose --across rtt=0.1ms,1ms,10ms --across loss=0%,1%}: the link conditions a map runs a
 * choose at, each a profile derived from a base ({@link DerivedProfile}: {@code
 * loopback+rtt=10ms+loss=1%}), every combination of the axes' values in order; and {@code map.tsv},
 * the table the report's map reads (each condition's folder, the values its link was set to, grid
 * or refined, and a note where nothing was measured). A refinement ({@code refine.tsv} from the
 * report: an axis's value between two conditions) becomes a condition here, named the same way.
 *
 * <pre>{@code
 * LinkGrid g = LinkGrid.parse(List.of("rtt=1ms,10ms", "loss=0%,1%"), "lan", home);
 * g.names();  // [lan+rtt=1ms+loss=0%, lan+rtt=10ms+loss=0%, lan+rtt=1ms+loss=1%, ...]
 * }</pre>
 */
public final class LinkGrid {
  /** The axes a map may run across: the profile settings a user varies to ask where. */
  public static final List<String> AXES = List.of("rtt", "loss", "rate", "jitter");

  /** The file the report's map reads. */
  public static final String FILE = io.rpcxbench.verdict.map.MapVerdict.PLAN;

  private final String base;
  private final NetworkProfiles table;
  private final List<String> axes;
  private final Map<String, Map<String, String>> conditions = new LinkedHashMap<>();
  private final Map<String, String> sources = new LinkedHashMap<>();
  private final Map<String, String> notes = new LinkedHashMap<>();

  private LinkGrid(String base, NetworkProfiles table, List<String> axes) {
    this.base = base;
    this.table = table;
    this.axes = axes;
  }

  /**
   * The grid of {@code across} ({@code AXIS=V1,V2,...} each) over {@code base}.
   *
   * @throws IllegalArgumentException naming the axis or value that is wrong
   */
  public static LinkGrid parse(List<String> across, String base, Path home) {
    NetworkProfiles table = NetworkProfiles.of(home);
    table.named(base);
    if (DerivedProfile.derived(base)) {
      throw new IllegalArgumentException(
          "--profile with --across: the base must be a profile of the table, got '" + base + "'");
    }
    Map<String, List<String>> values = new LinkedHashMap<>();
    for (String a : across) {
      int eq = a.indexOf('=');
      String axis = eq < 0 ? a : a.substring(0, eq).trim();
      if (eq < 0 || !AXES.contains(axis)) {
        throw new IllegalArgumentException(
            "--across must look like rtt=0.1ms,1ms,10ms (an axis of "
                + String.join(", ", AXES)
                + "), got '"
                + a
                + "'");
      }
      if (values.containsKey(axis)) {
        throw new IllegalArgumentException("--across names " + axis + " twice");
      }
      List<String> vs = new ArrayList<>();
      for (String v : a.substring(eq + 1).split(",", -1)) {
        String t = v.trim();
        if (t.isEmpty() || t.equals("-") || vs.contains(t)) {
          throw new IllegalArgumentException(
              "--across " + axis + ": values must be given once each, got '" + a + "'");
        }
        vs.add(t);
      }
      values.put(axis, vs);
    }
    if (values.isEmpty()) {
      throw new IllegalArgumentException("--across: no axis");
    }
    LinkGrid g = new LinkGrid(base, table, List.copyOf(values.keySet()));
    List<Map<String, String>> combos = new ArrayList<>(List.of(new LinkedHashMap<>()));
    for (Map.Entry<String, List<String>> e : values.entrySet()) {
      List<Map<String, String>> next = new ArrayList<>();
      for (String v : e.getValue()) {
        for (Map<String, String> c : combos) {
          Map<String, String> m = new LinkedHashMap<>(c);
          m.put(e.getKey(), v);
          next.add(m);
        }
      }
      combos = next;
    }
    for (Map<String, String> c : combos) {
      g.add(c, "grid");
    }
    return g;
  }

  /** The conditions' names (each a derived profile), grid first, refinements after. */
  public List<String> names() {
    return List.copyOf(conditions.keySet());
  }

  /** Records that nothing was measured at {@code name}, and why (a map cell says it). */
  public void note(String name, String why) {
    notes.put(name, why.replace('\t', ' ').replace('\n', ' '));
  }

  /**
   * The condition {@code from} with {@code axis} at {@code value} (a number in the map's unit: ms,
   * %, Mbit/s), added as refined; null when it is there already or cannot be made.
   */
  public String refine(String from, String axis, String value) {
    Map<String, String> c = conditions.get(from);
    if (c == null || !AXES.contains(axis) || !value.matches("[0-9]+(\\.[0-9]+)?")) {
      return null;
    }
    Map<String, String> m = new LinkedHashMap<>(c);
    m.put(
        axis,
        value
            + switch (axis) {
              case "loss" -> "%";
              case "rate" -> "mbit";
              default -> "ms";
            });
    String name = DerivedProfile.name(base, ordered(m));
    if (conditions.containsKey(name)) {
      return null;
    }
    try {
      add(m, "refined");
    } catch (IllegalArgumentException e) {
      return null;
    }
    return name;
  }

  /** {@code map.tsv} in {@code out}, written atomically: the axes and every condition so far. */
  public void write(Path out) throws IOException {
    StringBuilder s =
        new StringBuilder("# rpcx-bench choose --across: the link conditions of this map\n")
            .append("# axes: ")
            .append(String.join(",", axes))
            .append("\ncondition\trtt_ms\tloss_pct\trate_mbit\tjitter_ms\tsource\tnote\n");
    for (String name : conditions.keySet()) {
      NetworkProfile p = table.named(name);
      s.append(name)
          .append('\t')
          .append(number(p.addedRttNanos() / 1e6))
          .append('\t')
          .append(number(p.up().loss() * 100))
          .append('\t')
          .append(p.up().rateBitsPerSecond() == 0 ? "" : number(p.up().rateBitsPerSecond() / 1e6))
          .append('\t')
          .append(number(p.up().jitterNanos() / 1e6))
          .append('\t')
          .append(sources.get(name))
          .append('\t')
          .append(notes.getOrDefault(name, ""))
          .append('\n');
    }
    Files.createDirectories(out);
    AtomicText.write(out.resolve(FILE), s.toString());
  }

  /**
   * The rows of the report's {@code refine.tsv} in {@code report}: axis, value, from (none when it
   * is missing).
   */
  public static List<String[]> refinements(Path report) throws IOException {
    Path file = report.resolve(io.rpcxbench.verdict.map.MapVerdict.REFINE);
    List<String[]> out = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return out;
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    for (int i = 1; i < lines.size(); i++) {
      String[] f = lines.get(i).split("\t", -1);
      if (f.length >= 3) {
        out.add(new String[] {f[0], f[1], f[2]});
      }
    }
    return out;
  }

  private void add(Map<String, String> values, String source) {
    String name = DerivedProfile.name(base, ordered(values));
    table.named(name); // every value checked here, before any work
    conditions.put(name, Map.copyOf(values));
    sources.put(name, source);
  }

  /** {@code values} in the axes' order. */
  private Map<String, String> ordered(Map<String, String> values) {
    Map<String, String> m = new LinkedHashMap<>();
    axes.forEach(a -> m.put(a, values.get(a)));
    return m;
  }

  private static String number(double v) {
    String s = String.format(Locale.ROOT, "%.6f", v).replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }
}
