package io.rpcxbench.harness.review;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.stats.Threshold;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Thresholds evaluated on synthetic raw contents: the kept runs (order 0 dropped) only. */
class ThresholdsTest {
  @Test
  void latencyComesFromTheKeptRunsMergedHistogram() {
    // order 0: every call 100 ms (the start-up); orders 1 and 2: 99 calls of 1 ms and one of 10 ms
    RawContents c =
        contents(
            List.of(run(0, 100_000_000, 0, 0), run(1, 1_000_000, 0, 0), run(2, 1_000_000, 0, 0)));

    List<Thresholds.Verdict> v =
        Thresholds.parse(List.of("p50<2ms", "p99.9<5ms", "p99<2ms")).evaluate(c);

    assertThat(v).extracting(Thresholds.Verdict::passed).containsExactly(true, false, true);
    assertThat(v.get(0).text()).isEqualTo("PASS (p50 1.0 ms)");
    assertThat(v.get(1).text()).isEqualTo("FAIL (p99.9 10.0 ms)");
  }

  @Test
  void throughputIsTheKeptRunsMeanAndCountsTheirSum() {
    RawContents c =
        contents(
            List.of(run(0, 1_000_000, 5, 7), run(1, 1_000_000, 1, 2), run(2, 1_000_000, 2, 3)));

    List<Thresholds.Verdict> v =
        Thresholds.parse(List.of("throughput>=100", "errors==0", "drops<5")).evaluate(c);

    assertThat(v.get(0).measured())
        .isEqualTo(
            c.rows().get(1).throughput() / 2 + c.rows().get(2).throughput() / 2,
            org.assertj.core.data.Offset.offset(1e-6));
    assertThat(v.get(1).text()).isEqualTo("FAIL (errors 3)");
    assertThat(v.get(2).text()).isEqualTo("FAIL (drops 5)");
  }

  @Test
  void aBadExpressionNamesTheOption() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> Thresholds.parse(List.of("errors==0", "p99<5min")))
        .hasMessage("--threshold 'p99<5min': a latency takes us, ms or s, not 'min'");
  }

  @Test
  void aPointWithoutKeptRunsFailsEveryThreshold() {
    RawContents empty =
        new RawContents(
            Map.of("status", "failed"), RawResultFile.COLUMNS, List.of(), List.of(), true);

    List<Thresholds.Verdict> v = Thresholds.parse(List.of("errors==0", "p99<1s")).evaluate(empty);

    assertThat(v).noneMatch(Thresholds.Verdict::passed);
    assertThat(v.get(0).text()).isEqualTo("FAIL (errors unknown, no kept runs)");
  }

  @Test
  void oneLinePerThresholdNamesEachProtocolsVerdict() {
    Threshold p99 = Threshold.parse("p99<5ms", Threshold.RUN);
    String line =
        Thresholds.line(
            p99,
            "",
            List.of("rpcx", "grpc"),
            List.of(
                new Thresholds.Verdict(p99, 3_200_000), new Thresholds.Verdict(p99, 7_900_000)));

    assertThat(line).isEqualTo("threshold p99<5ms: rpcx PASS (p99 3.2 ms), grpc FAIL (p99 7.9 ms)");
    assertThat(
            Thresholds.line(
                p99, "t10 r100", List.of("rpcx"), List.of(new Thresholds.Verdict(p99, 3_200_000))))
        .isEqualTo("threshold p99<5ms at t10 r100: rpcx PASS (p99 3.2 ms)");
    assertThat(Thresholds.provenance(List.of(new Thresholds.Verdict(p99, 7_900_000))))
        .isEqualTo("p99<5ms FAIL (p99 7.9 ms)");
  }

  /** A run of 100 calls: 99 of {@code nanos}, one of 10x that; errors, and dropped calls. */
  private static RunRow run(int order, long nanos, long errors, long dropped) {
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    h.recordValueWithCount(nanos, 99);
    h.recordValue(nanos * 10);
    return RunRow.measured(1, 10, 10, order, 500.0 + order, 100, errors, h)
        .withExtra(Map.of("dropped", String.valueOf(dropped)));
  }

  private static RawContents contents(List<RunRow> rows) {
    List<String> columns = new ArrayList<>(RawResultFile.COLUMNS);
    columns.add("dropped");
    return new RawContents(Map.of("status", "complete"), columns, rows, List.of(), true);
  }
}
