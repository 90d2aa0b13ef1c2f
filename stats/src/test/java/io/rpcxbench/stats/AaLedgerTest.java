package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AaLedgerTest {
  @TempDir Path tmp;

  private static AaLedger.Entry entry(String inv, AaLedger.Design d, String metric, boolean sig) {
    return new AaLedger.Entry(
        Instant.parse("2026-11-28T02:00:00Z"), inv, "calibrate", d, metric, sig);
  }

  @Test
  void verdictsAddUpAcrossWritesAndCountTheirInvocations() throws Exception {
    Path f = tmp.resolve("ledger.tsv");
    assertThat(AaLedger.read(f).entries()).isEmpty();
    AaLedger.read(f)
        .with(
            List.of(
                entry("c1-1", AaLedger.Design.INTERLEAVED, "p50", false),
                entry("c1-2", AaLedger.Design.INTERLEAVED, "p50", true),
                entry("c1-1+c1-2", AaLedger.Design.APART, "p50", false)))
        .write(f);
    AaLedger.read(f)
        .with(List.of(entry("c2-1", AaLedger.Design.INTERLEAVED, "throughput", false)))
        .write(f);
    AaLedger l = AaLedger.read(f);
    assertThat(l.entries()).hasSize(4);
    // the same verdicts again (one folder read twice) add nothing
    assertThat(
            l.with(List.of(entry("c2-1", AaLedger.Design.INTERLEAVED, "throughput", true)))
                .entries())
        .hasSize(4);
    assertThat(l.rate(AaLedger.Design.INTERLEAVED, "p50")).isEqualTo(new FalsePositives(1, 2, 2));
    assertThat(l.rate(AaLedger.Design.INTERLEAVED)).isEqualTo(new FalsePositives(1, 3, 3));
    assertThat(l.rate(AaLedger.Design.APART, "p50")).isEqualTo(new FalsePositives(0, 1, 2));
    // the points of one invocation are verdicts of their own, and one invocation
    AaLedger points =
        new AaLedger(
            List.of(
                entry("cmp-1/rpcx/t1", AaLedger.Design.INTERLEAVED, "p50", false),
                entry("cmp-1/rpcx/t8", AaLedger.Design.INTERLEAVED, "p50", true)));
    assertThat(points.with(points.entries()).rate(AaLedger.Design.INTERLEAVED, "p50"))
        .isEqualTo(new FalsePositives(1, 2, 1));
    assertThat(Files.readString(f)).startsWith(AaLedger.HEADER + "\n" + AaLedger.COLUMNS + "\n");
  }

  @Test
  void aFileThatIsNoLedgerIsRefused() throws Exception {
    Path f = tmp.resolve("x.tsv");
    Files.writeString(f, "hello\n");
    assertThatThrownBy(() -> AaLedger.read(f)).hasMessageContaining("not an A/A ledger");
    Files.writeString(f, AaLedger.HEADER + "\nbroken line\n");
    assertThatThrownBy(() -> AaLedger.read(f)).hasMessageContaining("not a verdict line");
    assertThatThrownBy(() -> entry("a\tb", AaLedger.Design.APART, "p50", false))
        .hasMessageContaining("tab");
  }
}
