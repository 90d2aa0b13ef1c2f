package io.rpcxbench.report.gc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The awk bench/gc-check.sh computed with before the gc package (copied from the script as it was
 * at f54c8a1), run by bash, so that tests can show the Java prints what it printed.
 */
final class OldGcCheckAwk {
  private OldGcCheckAwk() {}

  static final String FUNCTIONS =
      """
      gc_stats() {
        awk -v from="$2" -v to="$3" '
          /\\]\\[gc[ ]*\\] GC\\([0-9]+\\) Pause / {
            t = substr($1, 2) + 0
            if (t < from || t > to) next
            ms = $NF; sub(/ms$/, "", ms)
            sum += ms; n++
            if ($0 ~ /Pause Full/ && $0 !~ /Diagnostic Command|System.gc/) full++
            if (match($0, /->[0-9]+M/)) { a = substr($0, RSTART + 2, RLENGTH - 3) + 0; if (a > max) max = a }
          }
          END { printf "%.1f %d %d %d\\n", sum, n, full, max }' "$1"
      }
      live_after_gcrun() {
        awk -v from="$2" -v to="$3" '
          /\\]\\[gc[ ]*\\] GC\\([0-9]+\\) Pause Full \\((Diagnostic Command|System.gc\\(\\))\\)/ {
            t = substr($1, 2) + 0
            if (t < from || t > to) next
            if (match($0, /->[0-9]+M/)) v = substr($0, RSTART + 2, RLENGTH - 3)
          }
          END { print (v == "" ? "n/a" : v) }' "$1"
      }
      # window LOG FROM TO: what the script computed for a window, on one line
      window() {
        local pause_ms pauses full max_after wall share
        read -r pause_ms pauses full max_after <<<"$(gc_stats "$1" "$2" "$3")"
        wall="$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.1f", b - a }')"
        share="$(awk -v p="$pause_ms" -v w="$wall" 'BEGIN { printf "%.2f", p / 10 / w }')"
        echo "$pause_ms $pauses $full $max_after $(live_after_gcrun "$1" "$2" "$3") $wall $share"
      }
      # size X S K T: calls per thread per run
      size() {
        awk -v x="$1" -v s="$2" -v k="$3" -v t="$4" \\
          'BEGIN { r = int(x * s / k / t); print (r < 10 ? 10 : r) }'
      }
      # next RATE CALLS UA UB U0 INV S K T: the loop's rate update, window so far, test, left, size
      next_harness() {
        local tput left so_far r=done
        tput="$(awk -v c="$2" -v a="$3" -v b="$4" -v old="$1" 'BEGIN { print (c > 0 && b > a ? c / (b - a) : old) }')"
        so_far="$(awk -v a="$5" -v b="$4" 'BEGIN { printf "%.1f", b - a }')"
        if awk -v a="$5" -v b="$4" -v s="$7" 'BEGIN { exit !(b - a < s - 2) }' && [[ $6 -lt 10 ]]; then
          left="$(awk -v a="$5" -v b="$4" -v s="$7" 'BEGIN { print s - (b - a) }')"
          r="$(size "$tput" "$left" "$8" "$9")"
        fi
        echo "$tput $so_far $r"
      }
      """;

  /** The script's report(), with the parameters it read from its defaults block. */
  static final String REPORT =
      """
      report() {
        echo "Phase 1: $LOAD_THREADS client threads, about $LOAD_SECONDS s of calls (window = server uptime around the runs)."
        echo
        echo "| server | window s | calls | errors | GC pauses | pause total ms | GC share of wall time | full GCs | max heap after GC MB | verdict |"
        echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
        awk -v lim="$GC_SHARE_MAX" '{
          v = ($8 + 0 < lim + 0 && $6 == 0) ? "PASS" : "MISS"
          printf "| %s | %s | %s | %s | %s | %s | %s %% | %s | %s | %s (< %s %%, 0 full) |\\n", $1, $3, $9, $10, $5, $4, $8, $6, $7, v, lim
        }' "$OUT/phase1.txt"
        echo
        echo "Phase 2: $MANY_THREADS client threads, $MANY_ROUNDS rounds (a harness JVM each: $MANY_RUNS runs x $MANY_REQUESTS calls per"
        echo "thread), then \\`jcmd GC.run\\` (a requested full GC, not counted above) for the live set."
        echo
        echo "| server | round | max heap after GC (young/mixed) MB | live set after GC.run MB | errors |"
        echo "| --- | ---: | ---: | ---: | ---: |"
        awk '{ printf "| %s | %s | %s | %s | %s |\\n", $1, $2, $3, $4, $5 }' "$OUT/phase2.txt"
        echo
        awk '{ if (!($1 in first)) first[$1] = $4; last[$1] = $4; if ($4 + 0 > max[$1]) max[$1] = $4 + 0 }
          END { for (s in first) {
            v = (last[s] + 0 <= first[s] + 1) ? "PASS (bounded: the last round is not above the first)" : "MISS (grows)"
            printf "%s: live set after GC.run %s MB in round 1, %s MB in the last round, max %s MB: %s\\n", s, first[s], last[s], max[s], v } }' \\
          "$OUT/phase2.txt" | sort
      }
      """;

  /** Skips the test where bash or awk is missing (CI has both). */
  static void assumeAwk() {
    assumeTrue(
        Files.isExecutable(Path.of("/bin/bash"))
            && (Files.isExecutable(Path.of("/usr/bin/awk"))
                || Files.isExecutable(Path.of("/bin/awk"))),
        "needs bash and awk");
  }

  /**
   * stdout of {@code script} (after FUNCTIONS and REPORT) run by bash with {@code args} as $1...
   */
  static String run(String script, List<String> args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of("/bin/bash", "-c", FUNCTIONS + REPORT + script, "old-awk"));
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
    pb.environment().put("LC_ALL", "C");
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("old awk: %s", script).isZero();
    return out;
  }
}
