package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console table: the engine's estimators over the kept runs, named under the table. */
class SummaryTableTest {
  @TempDir Path dir;

  @Test
  void figuresAreTheMeanOfTheKeptRunsAndPercentilesOfTheirMergedHistogram() throws Exception {
    Protocol rpcx = Protocol.parse("rpcx");
    RunConfig config = config(rpcx, 4);
    // order 0: the start-up, every call 100 ms, never counted; orders 1-3 at 100, 200, 300 calls/s.
    // Order 3 has 10 of its 110 calls at 10 ms: its own p99 is 10 ms, the others' 1 ms, so the
    // median of the runs' p99s is 1 ms while the p99 of all their calls (10 of 310) is 10 ms.
    write(
        PointRecorder.resultFile(config, rpcx),
        run(0, 10_000, 100, 100_000_000, 0),
        run(1, 1000, 100, 1_000_000, 0),
        run(2, 500, 100, 1_000_000, 0),
        run(3, 366.666_666, 110, 1_000_000, 10));

    List<String> lines = print(config, rpcx);

    assertThat(lines.get(0).split("\\s+"))
        .containsExactly(
            "protocol",
            "threads",
            "requests",
            "runs",
            "calls/run",
            "errors",
            "time_ms",
            "tps",
            "calls/s",
            "p50_us",
            "p99_us",
            "calls/s_95%",
            "p99_us_95%");
    String[] row = lines.get(1).trim().split("\\s+");
    assertThat(row).hasSize(13);
    assertThat(List.of(row).subList(0, 6)).containsExactly("rpcx", "1", "100", "4", "100", "0");
    assertThat(Double.parseDouble(row[8])).isCloseTo(200.0, within(0.1));
    assertThat(Double.parseDouble(row[9])).isCloseTo(1000.0, within(1.0));
    assertThat(Double.parseDouble(row[10])).isCloseTo(10_000.0, within(10.0));
    String[] callsInterval = row[11].split("-");
    assertThat(Double.parseDouble(callsInterval[0])).isLessThan(200.0);
    assertThat(Double.parseDouble(callsInterval[1])).isGreaterThan(200.0);
    assertThat(lines.get(2)).isEqualTo("time_ms, tps, calls/s: mean of runs 1..3, 95 % t interval");
    assertThat(lines.get(3))
        .isEqualTo(
            "p50_us, p99_us: of the merged histogram of runs 1..3, 95 % bootstrap interval over"
                + " runs");
    assertThat(lines.get(4)).startsWith("(errors summed over all runs; files under ");
  }

  @Test
  void aOneRunPointIsItsRunWithoutIntervalsInAnyLocale() throws Exception {
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      Protocol rpcx = Protocol.parse("rpcx");
      RunConfig config = config(rpcx, 1);
      write(PointRecorder.resultFile(config, rpcx), run(0, 400, 100, 2_500_000, 0));

      List<String> lines = print(config, rpcx);

      String[] row = lines.get(1).trim().split("\\s+");
      assertThat(row[6]).isEqualTo("400.000");
      assertThat(row[8]).isEqualTo("250.0");
      assertThat(row[11]).isEqualTo("-");
      assertThat(row[12]).isEqualTo("-");
      assertThat(lines.get(2)).isEqualTo("time_ms, tps, calls/s: mean of run 0");
      assertThat(lines.get(3)).isEqualTo("p50_us, p99_us: of the merged histogram of run 0");
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void aProtocolWithoutAFileHasNoResult() {
    Protocol rpcx = Protocol.parse("rpcx");

    List<String> lines = print(config(rpcx, 3), rpcx);

    assertThat(lines.get(1)).isEqualTo(String.format("%-10s no result (exit 1)", "rpcx"));
    assertThat(lines).hasSize(3);
  }

  private List<String> print(RunConfig config, Protocol p) {
    StringWriter s = new StringWriter();
    try (PrintWriter out = new PrintWriter(s)) {
      new SummaryTable(config, List.of(new PointRun.PointOutcome(p, 1))).print(out);
    }
    return s.toString().lines().toList();
  }

  private RunConfig config(Protocol p, int runs) {
    return TestConfig.of(dir, p).requests(100).runs(runs).timeout(Duration.ofSeconds(2)).build();
  }

  /** A run of {@code calls} calls of {@code nanos}, {@code slow} of them at 10x. */
  private static RunRow run(int order, double timeMs, long calls, long nanos, long slow) {
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    h.recordValueWithCount(nanos, calls - slow);
    if (slow > 0) {
      h.recordValueWithCount(nanos * 10, slow);
    }
    return RunRow.measured(1, 1, 100, order, timeMs, calls, 0, h);
  }

  private static void write(Path file, RunRow... rows) throws Exception {
    Files.createDirectories(file.getParent());
    Map<String, String> provenance = new LinkedHashMap<>();
    provenance.put("status", "complete");
    provenance.put("protocol", "rpcx");
    provenance.put("type", "1");
    provenance.put("threads", "1");
    provenance.put("requests", "100");
    RawResultFile.write(file, provenance, new ArrayList<>(List.of(rows)));
  }
}
