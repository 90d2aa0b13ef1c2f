package io.rpcxbench.report.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.Cli;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two builds run in interleaved rounds (compare --base-jar): a round's drift (the machine that
 * round) is shared by both of its trials, so the test pairs by round and finds a small change that
 * the drift hides from an unpaired test; the same values recorded apart are not paired.
 */
class DiffPairingTest {
  @TempDir Path tmp;

  private static final PointIdentity RPCX = PointIdentity.closed("rpcx", 8, 2000);

  /** Round k's trial of one side: calls/s {@code rate}, started at {@code at}. */
  private static void trial(Path side, int k, double rate, Instant at) throws IOException {
    Map<String, String> p = new LinkedHashMap<>(RPCX.withClientHost("h").provenance());
    p.put("status", "complete");
    p.put("type", "1");
    p.put("runs", "3");
    p.put("trial", String.valueOf(k));
    p.put("started", at.toString());
    p.put("finished", at.plusSeconds(20).toString());
    List<RunRow> rows = new ArrayList<>();
    for (int order = 0; order < 3; order++) {
      Histogram h = new Histogram(3_600_000_000_000L, 3);
      for (int i = 0; i < 2000; i++) {
        h.recordValue(300_000 + 10L * i);
      }
      rows.add(RunRow.measured(1, 8, 2000, order, 2000 * 1000 / rate, 2000, 0, h));
    }
    RawResultFile.write(RPCX.path(side.resolve("round" + k)), p, rows);
  }

  private void rounds(Path base, Path next, boolean interleaved) throws IOException {
    SplittableRandom r = new SplittableRandom(5);
    Instant t0 = Instant.parse("2026-11-27T03:00:00Z");
    for (int k = 1; k <= 10; k++) {
      double drift = 1 + 0.3 * (r.nextDouble() - 0.5); // the machine this round, +-15 %
      double noise = 1 + 0.01 * (r.nextDouble() - 0.5);
      trial(base, k, 10_000 * drift, t0.plusSeconds(60L * k));
      trial(
          next,
          k,
          9_500 * drift * noise,
          interleaved ? t0.plusSeconds(60L * k + 25) : t0.plusSeconds(3600 + 60L * k));
    }
  }

  @Test
  void interleavedRoundsPairAndFindWhatDriftHides() throws IOException {
    Path base = tmp.resolve("base");
    Path next = tmp.resolve("new");
    rounds(base, next, true);
    Cli.Result paired = Cli.run("diff", base.toString(), next.toString());
    assertThat(paired.out())
        .as(paired.err())
        .contains("| 10 / 10, paired by round | -5.0 % (-5.2 to -4.8 %)")
        .contains("significantly slower");

    Path base2 = tmp.resolve("base-apart");
    Path next2 = tmp.resolve("new-apart");
    rounds(base2, next2, false);
    Cli.Result apart = Cli.run("diff", base2.toString(), next2.toString());
    // the same values recorded an hour apart, and no calibration says how much invocations
    // differ by themselves: no verdict
    assertThat(apart.out())
        .doesNotContain("10 / 10, paired by round")
        .contains("not interleaved")
        .contains("| recorded apart: invocations cannot be told from the change |")
        .doesNotContain("significantly slower");
  }

  @Test
  void roundsAddedWhileUndecidedAreTestedAtTheDesignsLowerLevel() throws IOException {
    Path base = tmp.resolve("base-seq");
    Path next = tmp.resolve("new-seq");
    rounds(base, next, true);
    Cli.Result once = Cli.run("diff", base.toString(), next.toString());
    Cli.Result looked = Cli.run("diff", base.toString(), next.toString(), "--sequential", "6,10");
    assertThat(looked.exit()).as(looked.err()).isZero();
    assertThat(looked.out())
        .contains("Rounds were added while a gate was undecided: looked at after rounds 6-10")
        .contains("alpha 0.0");
    assertThat(once.out()).doesNotContain("Rounds were added");
    // the intervals are at the design's level
    assertThat(looked.out()).contains("| change (97.9 %) |").doesNotContain("| change (95 %) |");
    Cli.Result bad = Cli.run("diff", base.toString(), next.toString(), "--sequential", "6");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err().strip())
        .isEqualTo("error: --sequential: '6' is not PLANNED,MOST (two counts, e.g. 6,10)");
  }

  @Test
  void anAaOfOneBuildAddsItsVerdictsToTheLedger() throws IOException {
    Path base = tmp.resolve("base-aa");
    Path next = tmp.resolve("new-aa");
    rounds(base, next, true);
    Path ledger = tmp.resolve("aa-ledger.tsv");
    Cli.Result r =
        Cli.run("diff", base.toString(), next.toString(), "--aa-ledger", ledger.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.err()).contains("A/A: 1 of 3 verdicts differed; added to " + ledger);
    io.rpcxbench.stats.AaLedger l = io.rpcxbench.stats.AaLedger.read(ledger);
    assertThat(l.entries()).hasSize(3);
    assertThat(l.rate(io.rpcxbench.stats.AaLedger.Design.INTERLEAVED))
        .isEqualTo(new io.rpcxbench.stats.FalsePositives(1, 3, 1));
  }
}
