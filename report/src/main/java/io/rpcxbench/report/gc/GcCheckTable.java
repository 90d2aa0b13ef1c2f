package io.rpcxbench.report.gc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * bench/gc-check.sh's report (its {@code gc.md}, and docs/performance.md's GC section): the phase 1
 * and phase 2 tables from the {@code phase1.txt} and {@code phase2.txt} lines the script appended,
 * with the verdicts, and one line per server on its live set after {@code GC.run}.
 *
 * <pre>{@code
 * GcCheckTable t = GcCheckTable.read(out, new GcCheckTable.Setup(64, 60, 990, 4, 2, 20, "2"));
 * String markdown = t.markdown();   // "Phase 1: 64 client threads, ..."
 * boolean ok = t.allPass();
 * }</pre>
 */
final class GcCheckTable {
  static final String PHASE_1 = "phase1.txt";
  static final String PHASE_2 = "phase2.txt";
  private static final Pattern BLANKS = Pattern.compile("[ \\t]+");

  /** The check's parameters, as the script's defaults block and options set them. */
  record Setup(
      int loadThreads,
      int loadSeconds,
      int manyThreads,
      int manyRounds,
      int manyRuns,
      int manyRequests,
      String shareMaxPercent) {}

  private final Setup setup;
  private final List<String[]> phaseOne;
  private final List<String[]> phaseTwo;

  private GcCheckTable(Setup setup, List<String[]> phaseOne, List<String[]> phaseTwo) {
    this.setup = setup;
    this.phaseOne = phaseOne;
    this.phaseTwo = phaseTwo;
  }

  /** The lines of {@code folder}'s phase1.txt and phase2.txt. */
  static GcCheckTable read(Path folder, Setup setup) throws IOException {
    // phase1.txt: server phase1 wall_s pause_ms pauses full max_after_mb share_pct calls errors
    // status
    // phase2.txt: server round max_after_mb live_mb errors status
    return new GcCheckTable(
        setup, fields(folder.resolve(PHASE_1), 10), fields(folder.resolve(PHASE_2), 5));
  }

  /** The report, every line ended by a newline. */
  String markdown() {
    StringBuilder md = new StringBuilder();
    line(
        md,
        "Phase 1: %d client threads, about %d s of calls (window = server uptime around the runs).",
        setup.loadThreads(),
        setup.loadSeconds());
    line(md, "");
    line(
        md,
        "| server | window s | calls | errors | GC pauses | pause total ms | GC share of wall time"
            + " | full GCs | max heap after GC MB | verdict |");
    line(md, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for (String[] f : phaseOne) {
      line(
          md,
          "| %s | %s | %s | %s | %s | %s | %s %% | %s | %s | %s (< %s %%, 0 full) |",
          f[0],
          f[2],
          f[8],
          f[9],
          f[4],
          f[3],
          f[7],
          f[5],
          f[6],
          phaseOnePasses(f) ? "PASS" : "MISS",
          setup.shareMaxPercent());
    }
    line(md, "");
    line(
        md,
        "Phase 2: %d client threads, %d rounds (a harness JVM each: %d runs x %d calls per",
        setup.manyThreads(),
        setup.manyRounds(),
        setup.manyRuns(),
        setup.manyRequests());
    line(
        md,
        "thread), then `jcmd GC.run` (a requested full GC, not counted above) for the live set.");
    line(md, "");
    line(
        md,
        "| server | round | max heap after GC (young/mixed) MB | live set after GC.run MB | errors |");
    line(md, "| --- | ---: | ---: | ---: | ---: |");
    for (String[] f : phaseTwo) {
      line(md, "| %s | %s | %s | %s | %s |", f[0], f[1], f[2], f[3], f[4]);
    }
    line(md, "");
    liveSets().stream().map(LiveSet::line).sorted().forEach(l -> line(md, l));
    return md.toString();
  }

  /** Whether every verdict is PASS. */
  boolean allPass() {
    return phaseOne.stream().allMatch(this::phaseOnePasses)
        && liveSets().stream().allMatch(LiveSet::bounded);
  }

  /**
   * A share below the limit and no full GC. A share that is not a number (a window of 0.0 s) is a
   * MISS: the check was not made.
   */
  private boolean phaseOnePasses(String[] f) {
    String share = f[7];
    String full = f[5];
    boolean noFull =
        AwkNumbers.looksNumeric(full) ? AwkNumbers.numeric(full) == 0 : full.equals("0");
    return AwkNumbers.looksNumeric(share)
        && AwkNumbers.numeric(share) < AwkNumbers.numeric(setup.shareMaxPercent())
        && noFull;
  }

  /** Per server, in the order of phase2.txt: its live sets after GC.run, round by round. */
  private List<LiveSet> liveSets() {
    Map<String, LiveSet> sets = new LinkedHashMap<>();
    for (String[] f : phaseTwo) {
      sets.computeIfAbsent(f[0], s -> new LiveSet(s, f[3])).add(f[3]);
    }
    return new ArrayList<>(sets.values());
  }

  /** One server's live set after GC.run: first round, last round, largest (n/a counts 0). */
  private static final class LiveSet {
    private final String server;
    private final String first;
    private String last;
    private Double max; // null: no round above 0 MB, printed empty as the awk did

    LiveSet(String server, String first) {
      this.server = server;
      this.first = first;
    }

    void add(String live) {
      last = live;
      double v = AwkNumbers.numeric(live);
      if (v > (max == null ? 0 : max)) {
        max = v;
      }
    }

    /** Bounded: the last round at most 1 MB above the first. */
    boolean bounded() {
      return AwkNumbers.numeric(last) <= AwkNumbers.numeric(first) + 1;
    }

    String line() {
      return String.format(
          Locale.ROOT,
          "%s: live set after GC.run %s MB in round 1, %s MB in the last round, max %s MB: %s",
          server,
          first,
          last,
          max == null ? "" : AwkNumbers.printed(max),
          bounded() ? "PASS (bounded: the last round is not above the first)" : "MISS (grows)");
    }
  }

  private static void line(StringBuilder md, String format, Object... args) {
    md.append(args.length == 0 ? format : String.format(Locale.ROOT, format, args)).append('\n');
  }

  /** The blank-separated fields of each line of {@code file}; fewer than {@code least}: refused. */
  private static List<String[]> fields(Path file, int least) throws IOException {
    List<String[]> rows = new ArrayList<>();
    List<String> lines = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
    for (int i = 0; i < lines.size(); i++) {
      String[] f = BLANKS.split(lines.get(i).replaceFirst("^[ \\t]+", ""));
      if (f.length < least || f[0].isEmpty()) {
        throw new IOException(
            file
                + ":"
                + (i + 1)
                + ": expected at least "
                + least
                + " fields: '"
                + lines.get(i)
                + "'");
      }
      rows.add(f);
    }
    return rows;
  }
}
