package io.rpcxbench.report.diff;

import static io.rpcxbench.report.diff.DiffCommandTest.trials;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.report.Cli;
import io.rpcxbench.stats.AaLedger;
import io.rpcxbench.stats.Calibration;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report calibration}: A/A invocations into the machine's calibration and ledger. */
class CalibrationCommandTest {
  @TempDir Path tmp;

  private static final PointIdentity POINT = PointIdentity.closed("rpcx", 8, 2000);

  /** {@code k} invocations of 8 trials, each invocation offset by its own factor. */
  private List<String> invocations(int k, double[] offsets) throws Exception {
    List<String> dirs = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      Path raw = tmp.resolve("invocation-" + (i + 1)).resolve("raw");
      trials(raw, POINT, "a", 100 * offsets[i], 200 * offsets[i], 10 + i, 8, 0.05);
      dirs.add(raw.toString());
    }
    return dirs;
  }

  @Test
  void fourInvocationsGiveTheDecompositionAndVerdictsThatTheLedgerKeeps() throws Exception {
    List<String> args = new ArrayList<>(invocations(4, new double[] {1.0, 1.1, 0.95, 1.05}));
    Path file = tmp.resolve("c.properties");
    Path ledger = tmp.resolve("aa-ledger.tsv");
    args.addAll(
        List.of("--fingerprint", "h|x|2", "--out", file.toString(), "--ledger", ledger.toString()));
    args.add(0, "calibration");
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.exit()).as(r.err() + r.out()).isIn(0, 97);
    assertThat(r.out())
        .startsWith("calibration (rpcx/t8-r2000, 4 invocations x 4 + 4 A/A trials, ")
        .contains("where the variance of a trial's value comes from:")
        .contains("between invocations")
        .contains("between trials of an invocation")
        .contains("between runs of a trial")
        .contains("this run's A/A verdicts:");
    Calibration c;
    try (Reader in = Files.newBufferedReader(file)) {
      c = Calibration.read(in);
    }
    assertThat(c.fingerprint()).isEqualTo("h|x|2");
    assertThat(c.trials()).isEqualTo(4);
    assertThat(c.invocations()).isEqualTo(4);
    Calibration.Metric t = c.metric("throughput");
    assertThat(t.knowsInvocations()).isTrue();
    // 4 interleaved verdicts (one an invocation) and 2 apart ones (1+2, 3+4) per metric
    assertThat(t.interleaved().verdicts()).isEqualTo(4);
    assertThat(t.apart().verdicts()).isEqualTo(2);
    // the invocations were made 5-10 % apart against 5 % trial noise: most of the spread is theirs
    assertThat(t.components().invocation().share()).isGreaterThan(0.3);
    AaLedger once = AaLedger.read(ledger);
    // the same folders read again are the same invocations: no verdict is counted twice
    Cli.run(args.toArray(String[]::new));
    assertThat(AaLedger.read(ledger).entries()).hasSize(once.entries().size());
  }

  @Test
  void tooFewTrialsIsOneLineAndExitOne() throws Exception {
    Path raw = tmp.resolve("few");
    trials(raw, POINT, "a", 100, 200, 1, 6, 0.05);
    Cli.Result r = Cli.run("calibration", raw.toString(), "--fingerprint", "h");
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err().strip())
        .isEqualTo("error: 6 trials of rpcx/t8-r2000; an A/A needs 8 or more");
  }

  @Test
  void aLedgerWhoseVerdictsDifferTooOftenFailsTheCheckLoudly() throws Exception {
    Path ledger = tmp.resolve("aa-ledger.tsv");
    List<AaLedger.Entry> e = new ArrayList<>();
    for (int k = 0; k < 20; k++) {
      e.add(
          new AaLedger.Entry(
              Instant.EPOCH,
              "old-" + k,
              "compare",
              AaLedger.Design.INTERLEAVED,
              "throughput",
              k < 9));
    }
    new AaLedger(e).write(ledger);
    List<String> args = new ArrayList<>(invocations(2, new double[] {1.0, 1.0}));
    args.add(0, "calibration");
    args.addAll(List.of("--fingerprint", "h", "--ledger", ledger.toString()));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.exit()).isEqualTo(97);
    assertThat(r.err()).contains("A/A CHECK FAILED").contains("throughput");
    assertThat(r.out()).contains("A/A DIFFERS TOO OFTEN");
  }
}
