package io.rpcxbench.stats;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Every A/A verdict the tool made on one machine, kept as they come (one line each, never rewritten
 * but by appending): when, who made it ({@code calibrate}, {@code choose}, {@code compare}), the
 * design ({@link Design}), the metric, and whether it came out different. The false-positive rate a
 * verdict prints is counted here ({@link #rate}), so it is measured across invocations and can come
 * out above 5 % when the machine makes it so.
 *
 * <pre>{@code
 * AaLedger l = AaLedger.read(file);            // empty when there is no file yet
 * l = l.with(List.of(new AaLedger.Entry(now, "calibrate-3", "calibrate", Design.APART, "p50", false)));
 * l.write(file);                               // atomically
 * l.rate(Design.APART, "p50").text();          // "1 of 14 A/A verdicts (7.1 %, ...) over 14 invocations"
 * }</pre>
 *
 * @param entries the verdicts, oldest first
 */
public record AaLedger(List<Entry> entries) {
  static final String HEADER = "# rpcx-bench A/A ledger 1";
  static final String COLUMNS = "at\tinvocation\tsource\tdesign\tmetric\tsignificant";

  public AaLedger {
    entries = List.copyOf(entries);
  }

  /** How the two sides of an A/A were measured. */
  public enum Design {
    /** Both labels in one invocation, their trials interleaved in rounds. */
    INTERLEAVED("interleaved"),
    /** Each label its own invocation, as two folders recorded apart. */
    APART("apart");

    private final String id;

    Design(String id) {
      this.id = id;
    }

    public String id() {
      return id;
    }

    static Design of(String id) {
      for (Design d : values()) {
        if (d.id.equals(id)) {
          return d;
        }
      }
      throw new IllegalArgumentException("A/A ledger: no design " + id);
    }
  }

  /**
   * One A/A verdict.
   *
   * @param at when it was made
   * @param invocation the invocation(s) it came from (e.g. {@code calibrate-20261128T0212Z-2}); a
   *     verdict over two invocations names both, joined by {@code +}; a verdict of one point of
   *     several adds the point after a {@code /} ({@code compare-3fa2c1d0/rpcx/t8-r2000})
   * @param source the command that made it
   * @param design how its sides were measured
   * @param metric {@code throughput}, {@code p50}, {@code p99}, ...
   * @param significant whether it called the two sides different
   */
  public record Entry(
      Instant at,
      String invocation,
      String source,
      Design design,
      String metric,
      boolean significant) {
    public Entry {
      for (String f : List.of(invocation, source, metric)) {
        if (f.isBlank() || f.contains("\t") || f.contains("\n")) {
          throw new IllegalArgumentException("A/A ledger: a field is empty or holds a tab: " + f);
        }
      }
    }

    /** What makes two entries one verdict. */
    String key() {
      return String.join("\t", invocation, source, design.id(), metric);
    }

    String line() {
      return String.join(
          "\t", at.toString(), invocation, source, design.id(), metric, significant ? "1" : "0");
    }

    static Entry parse(String line) {
      String[] f = line.split("\t", -1);
      if (f.length != 6 || !(f[5].equals("0") || f[5].equals("1"))) {
        throw new IllegalArgumentException("A/A ledger: not a verdict line: " + line);
      }
      return new Entry(Instant.parse(f[0]), f[1], f[2], Design.of(f[3]), f[4], f[5].equals("1"));
    }
  }

  /**
   * The name of the invocation a folder holds, for its verdicts: the same folder is always the same
   * invocation ({@code compare-3fa2c1d0}).
   */
  public static String invocationOf(String source, Path folder) {
    String path = folder.toAbsolutePath().normalize().toString();
    return source + "-" + Integer.toHexString(path.hashCode());
  }

  /** The ledger in {@code file}; empty when the file does not exist. */
  public static AaLedger read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return new AaLedger(List.of());
    }
    List<Entry> out = new ArrayList<>();
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
      throw new IllegalArgumentException(file + " is not an A/A ledger (" + HEADER + ")");
    }
    for (String l : lines.subList(1, lines.size())) {
      if (l.isBlank() || l.equals(COLUMNS)) {
        continue;
      }
      out.add(Entry.parse(l));
    }
    return new AaLedger(out);
  }

  /**
   * This ledger and those of {@code more} it does not hold yet: a verdict of the same invocation,
   * source, design and metric is counted once, so reading one folder again adds nothing.
   */
  public AaLedger with(List<Entry> more) {
    List<Entry> all = new ArrayList<>(entries);
    Set<String> seen = new HashSet<>();
    entries.forEach(e -> seen.add(e.key()));
    for (Entry e : more) {
      if (seen.add(e.key())) {
        all.add(e);
      }
    }
    return new AaLedger(all);
  }

  /**
   * {@code made} added to the ledger in {@code file} (those it holds already, once); none:
   * untouched.
   */
  public static void addTo(Path file, List<Entry> made) throws IOException {
    if (!made.isEmpty()) {
      read(file).with(made).write(file);
    }
  }

  /** Written whole to a sibling file, then moved over {@code file}. */
  public void write(Path file) throws IOException {
    StringBuilder b = new StringBuilder(HEADER).append('\n').append(COLUMNS).append('\n');
    entries.forEach(e -> b.append(e.line()).append('\n'));
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path tmp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
    Files.writeString(tmp, b.toString(), StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The measured false-positive rate of {@code design} for {@code metric}. */
  public FalsePositives rate(Design design, String metric) {
    return count(e -> e.design() == design && e.metric().equals(metric));
  }

  /** The measured rate of {@code design} over every metric. */
  public FalsePositives rate(Design design) {
    return count(e -> e.design() == design);
  }

  private FalsePositives count(java.util.function.Predicate<Entry> which) {
    int sig = 0;
    int n = 0;
    Set<String> invocations = new HashSet<>();
    for (Entry e : entries) {
      if (which.test(e)) {
        n++;
        sig += e.significant() ? 1 : 0;
        for (String inv : e.invocation().split("\\+")) {
          // a point of an invocation (compare-3fa2c1d0/rpcx/t8-r2000) counts as its invocation
          invocations.add(inv.split("/", 2)[0]);
        }
      }
    }
    return new FalsePositives(sig, n, invocations.size());
  }
}
