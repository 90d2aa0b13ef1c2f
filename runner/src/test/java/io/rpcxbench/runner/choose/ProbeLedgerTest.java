package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.runner.choose.CapacitySearch.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** probes.tsv as the report will read it: every probe, its columns, read back as written. */
class ProbeLedgerTest {
  @TempDir Path dir;

  private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

  @Test
  void everyProbeReadsBackAsWritten() throws Exception {
    ProbeLedger ledger = ProbeLedger.open(dir);
    ProbeLedger.Probe met =
        new ProbeLedger.Probe(
            "rpcx",
            1,
            2000,
            Outcome.MET,
            1830.25,
            0,
            0.0,
            false,
            "",
            T0,
            T0.plusSeconds(17),
            "probes/round1/rpcx/rate2000.csv");
    ProbeLedger.Probe hair =
        new ProbeLedger.Probe(
            "rpcx",
            1,
            4000,
            Outcome.MISSED,
            5001.0,
            0,
            0.0005,
            true,
            "server",
            T0.plusSeconds(17),
            T0.plusSeconds(34),
            "probes/round1/rpcx/rate4000.csv");
    ProbeLedger.Probe none =
        new ProbeLedger.Probe(
            "grpc#2",
            2,
            31,
            Outcome.NO_DATA,
            null,
            0,
            null,
            false,
            "",
            T0.plusSeconds(34),
            T0.plusSeconds(95),
            "");
    ledger.add(met);
    ledger.add(hair);
    ledger.add(none);

    assertThat(Files.readAllLines(dir.resolve(ProbeLedger.FILE)))
        .containsExactly(
            "candidate\tround\trate\toutcome\tpercentile_us\terrors\tdrop_share\tcontended"
                + "\tlimited_by\tstarted\tfinished\tfile",
            "rpcx\t1\t2000\tmet\t1830.3\t0\t0.000000\t0\t\t2025-03-01T10:00:00Z"
                + "\t2025-03-01T10:00:17Z\tprobes/round1/rpcx/rate2000.csv",
            "rpcx\t1\t4000\tmissed\t5001.0\t0\t0.000500\t1\tserver\t2025-03-01T10:00:17Z"
                + "\t2025-03-01T10:00:34Z\tprobes/round1/rpcx/rate4000.csv",
            "grpc#2\t2\t31\tno-data\t\t0\t\t0\t\t2025-03-01T10:00:34Z\t2025-03-01T10:01:35Z\t");
    List<ProbeLedger.Probe> read = ProbeLedger.read(dir.resolve(ProbeLedger.FILE));
    assertThat(read).hasSize(3);
    assertThat(read.get(1)).isEqualTo(hair);
    assertThat(read.get(2)).isEqualTo(none);
    assertThat(read.get(0).percentileMicros()).isEqualTo(1830.3);
    assertThat(ProbeLedger.open(dir).rows()).hasSize(3);
    assertThat(dir).isDirectoryNotContaining("glob:**.tmp");
  }

  @Test
  void aRerunAddsToTheProbesItFinds() throws Exception {
    ProbeLedger.open(dir)
        .add(
            new ProbeLedger.Probe(
                "a", 1, 1000, Outcome.MET, 10.0, 0, 0.0, false, "", T0, T0, "x.csv"));
    ProbeLedger again = ProbeLedger.open(dir);
    again.add(
        new ProbeLedger.Probe(
            "a", 1, 2000, Outcome.MISSED, 9000.0, 3, 0.0, false, "", T0, T0, "y.csv"));
    assertThat(ProbeLedger.read(dir.resolve(ProbeLedger.FILE)))
        .extracting(ProbeLedger.Probe::rate)
        .containsExactly(1000, 2000);
  }

  @Test
  void aBadRowNamesItsLine() throws Exception {
    Path file = dir.resolve(ProbeLedger.FILE);
    Files.writeString(file, ProbeLedger.HEADER + "\na\t1\t1000\tmaybe\t\t0\t\t0\t\tx\ty\t\n");
    assertThatThrownBy(() -> ProbeLedger.read(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(file + ":2: ");
  }
}
