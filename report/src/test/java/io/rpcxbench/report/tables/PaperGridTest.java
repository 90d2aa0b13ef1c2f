package io.rpcxbench.report.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.Latency;
import io.rpcxbench.report.db.PointStatus;
import io.rpcxbench.report.db.RawFile;
import io.rpcxbench.report.db.RawFileParser;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.Series;
import io.rpcxbench.stats.Spread;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The grid rule and the paper's advantage formulas. */
class PaperGridTest {

  @Test
  void paperGridIsTenToNineHundredNinety() {
    assertThat(PaperGrid.THREADS)
        .containsExactly(10, 110, 210, 310, 410, 510, 610, 710, 810, 910, 990);
    assertThat(PaperGrid.FIGURE_REQUESTS).containsExactly(10, 210, 410, 610, 810);
  }

  @Test
  void measuredValuesOnTheGridWinElseAllMeasuredAreShown() {
    assertThat(PaperGrid.choose(List.of(10, 50, 110), PaperGrid.THREADS)).containsExactly(10, 110);
    assertThat(PaperGrid.choose(List.of(4, 8, 16), PaperGrid.THREADS)).containsExactly(4, 8, 16);
    assertThat(PaperGrid.choose(List.of(), PaperGrid.THREADS)).isEmpty();
  }

  @Test
  void offGridSweepFallsBackToMeasuredCountsWithTheRightPercentages() {
    Measurements m =
        new Measurements(
            List.of(
                point(RawProtocol.RPCX, 20.0, 5000.0),
                point(RawProtocol.GRPC, 50.0, 2000.0),
                point(RawProtocol.OPENFEIGN, 80.0, 1250.0)));
    ComparisonTable runtime = ComparisonTable.build(Metric.RUNTIME, m);
    assertThat(runtime.threads).containsExactly(4);
    assertThat(runtime.requests).containsExactly(64);
    ComparisonTable.Row row = runtime.row(4, 64);
    assertThat(row.advantage().get(RawProtocol.GRPC).value()).isEqualTo(60.0); // (50 - 20) / 50
    assertThat(row.advantage().get(RawProtocol.OPENFEIGN).value())
        .isEqualTo(75.0); // (80 - 20) / 80
    ComparisonTable tps = ComparisonTable.build(Metric.TPS, m);
    assertThat(tps.row(4, 64).advantage().get(RawProtocol.GRPC).value())
        .isEqualTo(150.0); // (5000 - 2000) / 2000
    assertThat(tps.row(4, 64).advantage().get(RawProtocol.OPENFEIGN).value())
        .isEqualTo(300.0); // (5000 - 1250) / 1250
    assertThat(tps.range(ComparisonTable.OTHERS).text()).isEqualTo("150.0–300.0 %");
  }

  @Test
  void crlfFilesAndMissingOptionalColumnsParse() {
    RawFile f =
        RawFileParser.parse(
            io.rpcxbench.raw.RawResultFile.MAGIC
                + "\r\n# status: complete\r\n# protocol: rpcx\r\n# threads: 4\r\n# requests: 64\r\n"
                + "order,type,threadNum,requestNum,timeTotal,tps\r\n0,1,4,64,100.5,636.8\r\n1,1,4,64,5,12800\r\n",
            "x.csv",
            "0");
    assertThat(f.problems()).isEmpty();
    assertThat(f.type()).isEqualTo(1);
    assertThat(f.runs()).hasSize(2);
    assertThat(f.runs().get(1).timeTotalMs()).isEqualTo(5.0);
    assertThat(f.runs().get(1).p99Us()).isNull();
  }

  private static CleanedPoint point(RawProtocol p, double time, double tps) {
    return new CleanedPoint(
        p,
        4,
        64,
        PointStatus.COMPLETE,
        null,
        9,
        0L,
        new Spread(time, null, null, null),
        new Spread(tps, null, null, null),
        null,
        Latency.NONE,
        Series.of(Map.of()),
        10,
        null,
        null,
        null);
  }
}
