package io.rpcxbench.report.clean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcxbench.report.Cli;
import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.db.IngestTest;
import io.rpcxbench.report.db.PointStatus;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.StoredRun;
import io.rpcxbench.report.tables.Measurements;
import io.rpcxbench.stats.Spread;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cleaning checked against values computed by hand from the fixture. */
class CleanerTest {

  @Test
  void dropsOrderZeroAndAveragesTheOtherNineRuns(@TempDir Path tmp) throws Exception {
    assertThat(Cli.run("ingest", "--db", Cli.sqlite(tmp), Cli.fixture().toString()).exit())
        .isEqualTo(1);
    assertThat(Cli.run("clean", "--db", Cli.sqlite(tmp)).exit()).isZero();
    CleanedPoint p;
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      p = new Measurements(CleanedTable.load(db)).get(RawProtocol.RPCX, 10, 100).orElseThrow();
    }
    // rpcx/t10-r100.csv: order 0 took 944.112 ms (dropped); orders 1..9 took 10, 11, ..., 18 ms.
    assertThat(p.runsAveraged()).isEqualTo(9);
    double timeAvg = (10 + 11 + 12 + 13 + 14 + 15 + 16 + 17 + 18) / 9.0; // 126 / 9 = 14
    assertThat(p.runtimeMs().avg()).isCloseTo(timeAvg, within(1e-9)).isCloseTo(14.0, within(1e-9));
    assertThat(p.runtimeMs().min()).isEqualTo(10.0);
    assertThat(p.runtimeMs().max()).isEqualTo(18.0);
    // sample stdev: squared deviations 16+9+4+1+0+1+4+9+16 = 60, over n-1 = 8: sqrt(7.5)
    assertThat(p.runtimeMs().stdev()).isCloseTo(Math.sqrt(60 / 8.0), within(1e-9));
    // tps = 100 requests / (timeTotal / 1000), as written in the file with 3 decimals:
    double[] tps = {
      10000.000, 9090.909, 8333.333, 7692.308, 7142.857, 6666.667, 6250.000, 5882.353, 5555.556
    };
    double mean = java.util.Arrays.stream(tps).average().orElseThrow(); // 7401.5536
    assertThat(p.tps().avg()).isCloseTo(mean, within(1e-6));
    double squares = 0;
    for (double t : tps) {
      squares += (t - mean) * (t - mean);
    }
    assertThat(p.tps().stdev()).isCloseTo(Math.sqrt(squares / 8), within(1e-6));
    assertThat(p.tps().min()).isEqualTo(5555.556);
    assertThat(p.tps().max()).isEqualTo(10000.0);
    // p50 = timeTotal*1000/100*0.8 µs per run, so its average is 14 * 8 = 112 µs
    assertThat(p.latency().p50Us()).isCloseTo(112.0, within(1e-9));
    assertThat(p.errorsSum()).isZero();
  }

  @Test
  void sumsErrorsAndKeepsTimeoutsUnaveraged(@TempDir Path tmp) throws Exception {
    Cli.run(
        "all",
        "--db",
        Cli.sqlite(tmp),
        "--out",
        tmp.resolve("r").toString(),
        Cli.fixture().toString());
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      Measurements m = new Measurements(CleanedTable.load(db));
      // openfeign/t210-r100.csv: one error in order 3 and one in order 7
      assertThat(m.get(RawProtocol.OPENFEIGN, 210, 100).orElseThrow().errorsSum()).isEqualTo(2);
      CleanedPoint timeout = m.get(RawProtocol.OPENFEIGN, 210, 300).orElseThrow();
      assertThat(timeout.status()).isEqualTo(PointStatus.TIMEOUT);
      assertThat(timeout.limitS()).isEqualTo(600);
      assertThat(timeout.runsAveraged()).isZero();
      assertThat(timeout.runtimeMs().avg()).isNull();
      assertThat(m.get(RawProtocol.GRPC, 210, 300)).isEmpty();
      // grpc/t110-r100.csv had two malformed lines; its ten good runs remain, nine averaged.
      assertThat(m.get(RawProtocol.GRPC, 110, 100).orElseThrow().runsAveraged()).isEqualTo(9);
    }
  }

  @Test
  void pointWithOnlyOrderZeroIsFailedAndTimeoutWins() {
    Cleaner.Key key = new Cleaner.Key(RawProtocol.RPCX, 10, 100);
    StoredRun warmUp =
        new StoredRun(
            1, 10, 100, 0, 900, 111.1, null, null, null, null, null, null, null, null, null, null,
            null, null, null);
    // ten runs declared, only run 0 written: nothing to keep
    CleanedPoint onlyWarmUp =
        Cleaner.clean(
            key,
            List.of(warmUp),
            List.of(new Cleaner.FileOutcome(PointStatus.COMPLETE, null, 1, 10)));
    assertThat(onlyWarmUp.status()).isEqualTo(PointStatus.FAILED);
    // one run declared (--runs 1): that run is the point (KeepRule, as the harness judges it)
    CleanedPoint oneRun =
        Cleaner.clean(
            key,
            List.of(warmUp),
            List.of(new Cleaner.FileOutcome(PointStatus.COMPLETE, null, 1, 1)));
    assertThat(oneRun.status()).isEqualTo(PointStatus.COMPLETE);
    assertThat(oneRun.runsAveraged()).isEqualTo(1);
    CleanedPoint timedOut =
        Cleaner.clean(
            key,
            List.of(),
            List.of(
                new Cleaner.FileOutcome(PointStatus.FAILED, null),
                new Cleaner.FileOutcome(PointStatus.TIMEOUT, 600)));
    assertThat(timedOut.status()).isEqualTo(PointStatus.TIMEOUT);
    assertThat(timedOut.limitS()).isEqualTo(600);
    // no kept run: every value null, and no null to test before reading one
    assertThat(timedOut.runsAveraged()).isZero();
    assertThat(timedOut.runtimeMs()).isSameAs(Spread.NONE);
    assertThat(timedOut.tps()).isSameAs(Spread.NONE);
    assertThat(timedOut.latency()).isSameAs(Latency.NONE);
    // Missing optional columns stay null rather than becoming 0.
    StoredRun run =
        new StoredRun(
            1, 10, 100, 1, 20, 5000, null, null, null, null, null, null, null, null, null, null,
            null, null, null);
    CleanedPoint bare =
        Cleaner.clean(
            key,
            List.of(warmUp, run),
            List.of(new Cleaner.FileOutcome(PointStatus.COMPLETE, null)));
    assertThat(bare.runsAveraged()).isEqualTo(1);
    assertThat(bare.runtimeMs().avg()).isEqualTo(20.0);
    assertThat(bare.runtimeMs().stdev()).isNull();
    assertThat(bare.errorsSum()).isNull();
    assertThat(bare.latency().p99Us()).isNull();
  }

  @Test
  void rerunningCleanReplacesTheCleanedTable(@TempDir Path tmp) throws Exception {
    Cli.run("ingest", "--db", Cli.sqlite(tmp), Cli.fixture().toString());
    Cli.run("clean", "--db", Cli.sqlite(tmp));
    Cli.Result again = Cli.run("clean", "--db", Cli.sqlite(tmp));
    assertThat(again.exit()).isZero();
    assertThat(again.out()).contains("clean: 19 points {complete=18, timeout=1}");
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      assertThat(IngestTest.count(db, "cleaned_result")).isEqualTo(19);
    }
  }
}
