package io.rpcxbench.report.gc;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GC pauses of one JVM in a window of its uptime, from its unified GC log ({@code
 * -Xlog:gc*:file=LOG:uptime,level,tags}). Only the one-line pause summaries count, the lines of the
 * {@code gc} tag alone ({@code [gc ] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(64M)
 * 12.426ms}): Young, Mixed, Remark, Cleanup and Full. A requested full GC ({@code jcmd GC.run}'s
 * "Diagnostic Command", {@code System.gc()}) is a pause but not a full GC of the load; the heap
 * after the last one is the live set.
 *
 * <pre>{@code
 * GcLogWindow w = GcLogWindow.read(Path.of("gc.log"), 12.5, 73.4);
 * w.summaryLine();   // "47.1 26 0 4 n/a 60.9 0.08"
 * }</pre>
 */
final class GcLogWindow {
  private static final Pattern PAUSE = Pattern.compile("\\]\\[gc *\\] GC\\([0-9]+\\) Pause ");
  private static final Pattern REQUESTED_FULL =
      Pattern.compile(
          "\\]\\[gc *\\] GC\\([0-9]+\\) Pause Full \\((Diagnostic Command|System.gc\\(\\))\\)");
  private static final Pattern REQUESTED = Pattern.compile("Diagnostic Command|System.gc");
  private static final Pattern HEAP_AFTER = Pattern.compile("->([0-9]+)M");
  private static final Pattern BLANKS = Pattern.compile("[ \\t]+");
  static final String NONE = "n/a";

  private final double from;
  private final double to;
  private final double pauseMillis;
  private final int pauses;
  private final int fullPauses;
  private final long maxHeapAfterMb;
  private final Optional<String> liveAfterRequestedFullMb;

  private GcLogWindow(
      double from,
      double to,
      double pauseMillis,
      int pauses,
      int fullPauses,
      long maxHeapAfterMb,
      Optional<String> liveAfterRequestedFullMb) {
    this.from = from;
    this.to = to;
    this.pauseMillis = pauseMillis;
    this.pauses = pauses;
    this.fullPauses = fullPauses;
    this.maxHeapAfterMb = maxHeapAfterMb;
    this.liveAfterRequestedFullMb = liveAfterRequestedFullMb;
  }

  /** The pauses logged in {@code log} from uptime {@code from} to {@code to} s, both included. */
  static GcLogWindow read(Path log, double from, double to) throws IOException {
    double millis = 0;
    int pauses = 0;
    int full = 0;
    long maxAfter = 0;
    String live = null;
    // ISO-8859-1: every byte is a character, as awk reads it; the log is ASCII anyway
    try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.ISO_8859_1)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!PAUSE.matcher(line).find()) {
          continue;
        }
        String[] fields = BLANKS.split(line.replaceFirst("^[ \\t]+", ""));
        double uptime = AwkNumbers.numeric(fields[0].substring(1));
        if (uptime < from || uptime > to) {
          continue;
        }
        millis += AwkNumbers.numeric(fields[fields.length - 1].replaceFirst("ms$", ""));
        pauses++;
        if (line.contains("Pause Full") && !REQUESTED.matcher(line).find()) {
          full++;
        }
        Matcher after = HEAP_AFTER.matcher(line);
        if (after.find()) {
          maxAfter = Math.max(maxAfter, Long.parseLong(after.group(1)));
          if (REQUESTED_FULL.matcher(line).find()) {
            live = after.group(1);
          }
        }
      }
    }
    return new GcLogWindow(from, to, millis, pauses, full, maxAfter, Optional.ofNullable(live));
  }

  int pauses() {
    return pauses;
  }

  /** Full pauses, the requested ones left out. */
  int fullPauses() {
    return fullPauses;
  }

  /** The heap after the last requested full GC of the window, in MB, as logged. */
  Optional<String> liveAfterRequestedFullMb() {
    return liveAfterRequestedFullMb;
  }

  /** The window's length in s, with one decimal. */
  String wallSeconds() {
    return AwkNumbers.fixed(to - from, 1);
  }

  /**
   * The share of the wall time spent in pauses, in %, with two decimals; computed from the printed
   * pause total and wall time, as the script did. {@code n/a} for a window of 0.0 s.
   */
  String pauseSharePercent() {
    double wall = Double.parseDouble(wallSeconds());
    return wall == 0
        ? NONE
        : AwkNumbers.fixed(Double.parseDouble(pauseMillisText()) / 10 / wall, 2);
  }

  /**
   * {@code pause_ms pauses full_pauses max_after_mb live_after_gcrun_mb wall_s share_pct}, the line
   * bench/gc-check.sh reads.
   */
  String summaryLine() {
    return String.join(
        " ",
        pauseMillisText(),
        Integer.toString(pauses),
        Integer.toString(fullPauses),
        Long.toString(maxHeapAfterMb),
        liveAfterRequestedFullMb.orElse(NONE),
        wallSeconds(),
        pauseSharePercent());
  }

  private String pauseMillisText() {
    return AwkNumbers.fixed(pauseMillis, 1);
  }
}
