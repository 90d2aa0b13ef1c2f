package io.rpcxbench.report.choose;

import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Sequential;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What {@code rpcx-bench choose} did, from its folder's {@code choose.properties}: the workload,
 * the SLO, the rounds and their design, the shared load, the candidates in the order given (a
 * repeated id's second copy named {@code rpcx#2}, as the folder names it), where it ran and its
 * thresholds.
 *
 * <pre>{@code
 * ChooseSettings s = ChooseSettings.read(Path.of("results/choose/20261123T160000Z"));
 * s.sloText();      // "p99 <= 5 ms"
 * s.candidates();   // [rpcx, grpc-tuned, rpcx#2]
 * }</pre>
 */
record ChooseSettings(
    String workload,
    String slo,
    Double sloPercentile,
    Double sloLimitUs,
    String maxErrors,
    String maxDrop,
    String resolution,
    String rounds,
    Double sharedRate,
    List<String> candidates,
    String target,
    String network,
    String started,
    String ended,
    String stopped,
    List<String> thresholds,
    Sequential design) {

  static final String FILE = "choose.properties";

  /**
   * Reads {@code dir/choose.properties}.
   *
   * @throws IOException when it is missing or unreadable, or names no candidate
   */
  static ChooseSettings read(Path dir) throws IOException {
    Path file = dir.resolve(FILE);
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new IOException(file + " is missing (rpcx-bench choose writes it first)", e);
    } catch (IllegalArgumentException e) {
      throw new IOException(file + ": " + e.getMessage(), e);
    }
    List<String> candidates = copies(p.getProperty("candidates", ""));
    if (candidates.isEmpty()) {
      throw new IOException(file + ": no candidates");
    }
    Map<Integer, String> thresholds = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      if (key.matches("threshold\\.[0-9]{1,6}") && !p.getProperty(key).isBlank()) {
        thresholds.put(Integer.parseInt(key.substring(10)), p.getProperty(key).trim());
      }
    }
    return new ChooseSettings(
        text(p, "workload", "the workload"),
        text(p, "slo", ""),
        number(p, "slo.percentile", file),
        number(p, "slo.limit_us", file),
        text(p, "max_errors", ""),
        text(p, "max_drop", ""),
        text(p, "resolution", ""),
        text(p, "rounds", ""),
        number(p, "shared_rate", file),
        candidates,
        text(p, "target", "local"),
        text(p, "network", ""),
        text(p, "started", ""),
        text(p, "ended", ""),
        text(p, "stopped", ""),
        List.copyOf(thresholds.values()),
        design(p, file));
  }

  /**
   * The rounds' design: planned, and at most while a pair was undecided (the level of every test of
   * the page follows from it, {@link Sequential#alpha}); a folder from before rounds were added had
   * one look.
   */
  private static Sequential design(Properties p, Path file) throws IOException {
    Double planned = number(p, "planned_rounds", file);
    Double most = number(p, "max_rounds", file);
    if (planned == null || most == null || planned < 1 || most < planned) {
      return Sequential.fixed(most == null ? 1 : Math.max(1, most.intValue()));
    }
    return new Sequential(planned.intValue(), most.intValue());
  }

  /** {@code rpcx,grpc,rpcx}: [rpcx, grpc, rpcx#2]; a name already numbered is kept. */
  static List<String> copies(String list) {
    List<String> out = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String id : list.split(",")) {
      String t = id.trim();
      if (t.isEmpty()) {
        continue;
      }
      int n = seen.merge(t, 1, Integer::sum);
      out.add(n == 1 ? t : t + "#" + n);
    }
    return List.copyOf(out);
  }

  /** The protocol id of a candidate: {@code rpcx} for {@code rpcx#2}. */
  static String protocol(String candidate) {
    int hash = candidate.indexOf('#');
    return hash < 0 ? candidate : candidate.substring(0, hash);
  }

  /** {@code p99 <= 5 ms}, from the percentile and limit; the SLO as typed without them. */
  String sloText() {
    if (sloPercentile == null || sloLimitUs == null) {
      return slo.isEmpty() ? "its SLO" : slo;
    }
    String p = "p" + Num.fixed(sloPercentile, sloPercentile == Math.rint(sloPercentile) ? 0 : 1);
    return p + " <= " + duration(sloLimitUs);
  }

  /** {@code 5 ms}, {@code 2.5 ms}, {@code 800 µs}, {@code 1 s}. */
  static String duration(double us) {
    if (us >= 1_000_000 && us % 100_000 == 0) {
      return trim(us / 1_000_000) + " s";
    }
    if (us >= 1000 && us % 100 == 0) {
      return trim(us / 1000) + " ms";
    }
    return trim(us) + " µs";
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Num.fixed(v, 0) : Num.fixed(v, 1);
  }

  /** {@code local/loopback}, {@code lab}. */
  String where() {
    return network.isEmpty() ? target : target + "/" + network;
  }

  private static String text(Properties p, String key, String absent) {
    String v = p.getProperty(key, "").trim();
    return v.isEmpty() ? absent : v;
  }

  private static Double number(Properties p, String key, Path file) throws IOException {
    String v = p.getProperty(key, "").trim();
    if (v.isEmpty()) {
      return null;
    }
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IOException(file + ": " + key + " '" + v + "' is not a number", e);
    }
  }
}
