package io.rpcxbench.report.tables;

import io.rpcxbench.report.db.RawProtocol;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The paper's values that a reproduction is compared with. Built in: the ranges of RPCX's advantage
 * that the paper's text states ({@link Metric#paperLow}..{@link Metric#paperHigh}); the bodies of
 * its Tables 3-4 are not in the text this project has, so no per-point value is built in. A CSV
 * file adds them, one line per (protocol, threads, requests), either value may be empty:
 *
 * <pre>
 * protocol,threads,requests,runtime_ms,tps
 * rpcx,10,100,120.5,829.9
 * </pre>
 */
public final class PaperReference {
  public static final String BUILT_IN = "built-in";

  private record Key(String protocol, int threads, int requests) {}

  public final String name;
  private final Map<Key, Double[]> values;

  private PaperReference(String name, Map<Key, Double[]> values) {
    this.name = name;
    this.values = values;
  }

  static PaperReference builtIn() {
    return new PaperReference(BUILT_IN, Map.of());
  }

  /** {@code built-in}, or a CSV file as above. */
  public static PaperReference of(String spec) throws IOException {
    return BUILT_IN.equals(spec) ? builtIn() : read(Path.of(spec));
  }

  static PaperReference read(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    if (lines.isEmpty()
        || !lines.get(0).trim().equals("protocol,threads,requests,runtime_ms,tps")) {
      throw new IllegalArgumentException(
          csv + ":1: expected the header protocol,threads,requests,runtime_ms,tps");
    }
    Map<Key, Double[]> values = new HashMap<>();
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i).trim();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split(",", -1);
      try {
        if (f.length != 5) {
          throw new IllegalArgumentException("expected 5 fields, found " + f.length);
        }
        values.put(
            new Key(f[0].trim(), Integer.parseInt(f[1].trim()), Integer.parseInt(f[2].trim())),
            new Double[] {number(f[3]), number(f[4])});
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(csv + ":" + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return new PaperReference(csv.getFileName().toString(), values);
  }

  private static Double number(String text) {
    String t = text.trim();
    if (t.isEmpty()) {
      return null;
    }
    double v = Double.parseDouble(t);
    if (!Double.isFinite(v) || v <= 0) {
      throw new IllegalArgumentException("not a positive number: '" + t + "'");
    }
    return v;
  }

  /** The paper's {@code metric} of {@code protocol} at (threads, requests), if known. */
  public Double value(Metric metric, RawProtocol protocol, int threads, int requests) {
    Double[] v = values.get(new Key(protocol.id, threads, requests));
    return v == null ? null : v[metric == Metric.RUNTIME ? 0 : 1];
  }

  public boolean hasPointValues() {
    return !values.isEmpty();
  }
}
