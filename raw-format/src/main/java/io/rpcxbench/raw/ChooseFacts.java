package io.rpcxbench.raw;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What a {@code rpcx-bench choose} asked and did, as its folder's {@code choose.properties} holds
 * it: the one declared list of its facts ({@link Key}), written by the harness and read by the
 * report's scorecard through this one class (two hand-kept lists of string keys, one per process,
 * had drifted apart: 18 written, 14 read). Values are text; {@link #number} and {@link #integer}
 * read them, one clear line when one is not a number. Keys of a newer writer are left out on read.
 *
 * <pre>{@code
 * ChooseFacts f = ChooseFacts.readOrEmpty(dir).put(Key.STOPPED, "decided");
 * f.write(dir);                                   // atomically, sorted, no date comment
 * ChooseFacts.read(dir).number(Key.SLO_LIMIT_US);  // 5000.0, or null when absent
 * }</pre>
 */
public final class ChooseFacts {
  /** The file in a choose folder. */
  public static final String FILE = "choose.properties";

  /** Every fact a choose folder records, with its name in the file. */
  public enum Key {
    WORKLOAD("workload"),
    SLO("slo"),
    SLO_PERCENTILE("slo.percentile"),
    SLO_LIMIT_US("slo.limit_us"),
    MAX_ERRORS("max_errors"),
    MAX_DROP("max_drop"),
    RESOLUTION("resolution"),
    START_RATE("start_rate"),
    MIN_RATE("min_rate"),
    MAX_RATE("max_rate"),
    SEARCH_FACTOR("search_factor"),
    PLANNED_ROUNDS("planned_rounds"),
    MAX_ROUNDS("max_rounds"),
    ALPHA("alpha"),
    MAX_TIME_S("max_time_s"),
    EXPECTED_S("expected_s"),
    PROBES("probes"),
    CANDIDATES("candidates"),
    TARGET("target"),
    NETWORK("network"),
    PROBE_DURATION_S("probe_duration_s"),
    NOISE_GUARD("noise_guard"),
    STARTED("started"),
    ENDED("ended"),
    ROUNDS("rounds"),
    STOPPED("stopped"),
    STOPPED_UNFINISHED("stopped.unfinished"),
    NO_DATA("no_data"),
    SHARED_RATE("shared_rate"),
    LINK_RTT_MEASURED_MS("link_rtt_measured_ms");

    /** The key's name in the file. */
    public final String id;

    Key(String id) {
      this.id = id;
    }
  }

  private static final String THRESHOLD = "threshold.";

  private final EnumMap<Key, String> values;
  private final List<String> thresholds;

  private ChooseFacts(EnumMap<Key, String> values, List<String> thresholds) {
    this.values = values;
    this.thresholds = thresholds;
  }

  /** No facts yet. */
  public static ChooseFacts empty() {
    return new ChooseFacts(new EnumMap<>(Key.class), new ArrayList<>());
  }

  /**
   * The facts of {@code dir}.
   *
   * @throws IOException when the file is missing or cannot be read
   */
  public static ChooseFacts read(Path dir) throws IOException {
    Path file = dir.resolve(FILE);
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new IOException(file + " is missing (rpcx-bench choose writes it first)", e);
    } catch (IllegalArgumentException e) {
      throw new IOException(file + ": " + e.getMessage(), e);
    }
    ChooseFacts f = empty();
    for (Key k : Key.values()) {
      String v = p.getProperty(k.id);
      if (v != null && !v.isBlank()) {
        f.values.put(k, v.trim());
      }
    }
    Map<Integer, String> numbered = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      if (key.matches("threshold\\.[0-9]{1,6}") && !p.getProperty(key).isBlank()) {
        numbered.put(
            Integer.parseInt(key.substring(THRESHOLD.length())), p.getProperty(key).trim());
      }
    }
    f.thresholds.addAll(numbered.values());
    return f;
  }

  /** The facts of {@code dir}, or none when it has no file yet (a new folder). */
  public static ChooseFacts readOrEmpty(Path dir) throws IOException {
    return Files.exists(dir.resolve(FILE)) ? read(dir) : empty();
  }

  /** Writes {@code dir/choose.properties} whole and atomically: sorted by name, no date comment. */
  public void write(Path dir) throws IOException {
    StringBuilder b = new StringBuilder("# rpcx-bench choose: the workload and its settings\n");
    asMap()
        .forEach(
            (k, v) -> b.append(escape(k, true)).append('=').append(escape(v, false)).append('\n'));
    Path file = dir.resolve(FILE);
    Files.createDirectories(file.toAbsolutePath().getParent());
    Path tmp = file.resolveSibling(FILE + ".tmp");
    Files.writeString(tmp, b.toString(), StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** Sets {@code key} (null removes it); this, for chaining. */
  public ChooseFacts put(Key key, String value) {
    if (value == null) {
      values.remove(key);
    } else {
      values.put(key, value);
    }
    return this;
  }

  /** Every fact of {@code other} set here too (its thresholds replace these when it has some). */
  public ChooseFacts putAll(ChooseFacts other) {
    values.putAll(other.values);
    if (!other.thresholds.isEmpty()) {
      thresholds.clear();
      thresholds.addAll(other.thresholds);
    }
    return this;
  }

  /** The thresholds, in order ({@code threshold.1}, ...). */
  public ChooseFacts thresholds(List<String> expressions) {
    thresholds.clear();
    thresholds.addAll(expressions);
    return this;
  }

  public List<String> thresholds() {
    return List.copyOf(thresholds);
  }

  public Optional<String> get(Key key) {
    return Optional.ofNullable(values.get(key));
  }

  /** The value, or {@code absent}. */
  public String text(Key key, String absent) {
    return values.getOrDefault(key, absent);
  }

  /**
   * The value as a number, null when absent.
   *
   * @throws IllegalArgumentException when it is not one (one line naming the key)
   */
  public Double number(Key key) {
    String v = values.get(key);
    if (v == null) {
      return null;
    }
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(FILE + ": " + key.id + " '" + v + "' is not a number", e);
    }
  }

  /** The value as a whole number, null when absent or not one. */
  public Integer integer(Key key) {
    Double d = number(key);
    return d == null || d != Math.rint(d) ? null : d.intValue();
  }

  /** Name to value, as the file holds them (thresholds as {@code threshold.N}), sorted by name. */
  public Map<String, String> asMap() {
    Map<String, String> m = new TreeMap<>();
    values.forEach((k, v) -> m.put(k.id, v));
    for (int i = 0; i < thresholds.size(); i++) {
      m.put(THRESHOLD + (i + 1), thresholds.get(i));
    }
    return m;
  }

  /** A properties value or key as {@link Properties#load} reads it back. */
  private static String escape(String s, boolean key) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      switch (c) {
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        case '=', ':', ' ', '#', '!' -> b.append(key ? "\\" + c : String.valueOf(c));
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}
