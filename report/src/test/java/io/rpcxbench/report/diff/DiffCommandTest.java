package io.rpcxbench.report.diff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report diff} on folders of raw files written by the raw-format writer. */
class DiffCommandTest {
  @TempDir static Path tmp;
  private static Path base;
  private static Path copy;
  private static Path slower;

  /**
   * A point of 6 runs (orders 0..5) of 2000 calls; each run about {@code ms} long (2 % noise), its
   * calls about {@code us} (10 % noise).
   */
  static void point(Path out, PointIdentity id, String host, double ms, double us, long seed)
      throws IOException {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("status", "complete");
    p.putAll(id.withClientHost(host).provenance());
    p.put("type", "1");
    p.put("runs", "6");
    SplittableRandom r = new SplittableRandom(seed);
    List<RunRow> rows = new ArrayList<>();
    for (int order = 0; order < 6; order++) {
      Histogram h = new Histogram(3_600_000_000_000L, 3);
      for (int i = 0; i < 2000; i++) {
        h.recordValue((long) (us * (1 + 0.1 * r.nextGaussian()) * 1000));
      }
      double runMs = ms * (1 + 0.02 * r.nextGaussian());
      rows.add(RunRow.measured(1, id.threads(), id.requests(), order, runMs, 2000, 0, h));
    }
    RawResultFile.write(id.path(out), p, rows);
  }

  static final PointIdentity RPCX = PointIdentity.closed("rpcx", 10, 200);
  static final PointIdentity GRPC = PointIdentity.closed("grpc", 10, 200);
  static final PointIdentity ECHO = PointIdentity.closed("rpcx", 10, 200).withCall("echo", 1024, 0);

  @BeforeAll
  static void folders() throws IOException {
    base = tmp.resolve("base");
    point(base, RPCX, "host-a", 100, 200, 1);
    point(base, GRPC, "host-a", 300, 600, 2);
    copy = tmp.resolve("copy");
    point(copy, RPCX, "host-a", 100, 200, 1);
    point(copy, GRPC, "host-a", 300, 600, 2);
    // another machine: 20 % less throughput (runs 25 % longer), calls 20 % slower; one new point
    slower = tmp.resolve("slower");
    point(slower, RPCX, "host-b", 125, 240, 3);
    point(slower, GRPC, "host-b", 375, 720, 4);
    point(slower, ECHO, "host-b", 100, 200, 5);
  }

  @Test
  void anUnchangedCopySaysNoSignificantChangeEverywhere() {
    Cli.Result r = Cli.run("diff", base.toString(), copy.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("2 points in both; 0 only in BASE, 0 only in NEW. No significant change.")
        .contains("## throughput calls/s (mean of the kept runs, 95 % t interval; Welch's t-test")
        .contains("## p99 µs (of the merged histogram of the kept runs")
        .doesNotContain("significantly");
    long rows =
        r.out().lines().filter(l -> l.startsWith("| grpc/") || l.startsWith("| rpcx/")).count();
    long unchanged = r.out().lines().filter(l -> l.endsWith("| no significant change |")).count();
    assertThat(rows).isEqualTo(8);
    assertThat(unchanged).isEqualTo(8);
  }

  @Test
  void aTwentyPercentSlowerNewIsFlaggedWithTheRightSign() throws IOException {
    Path json = tmp.resolve("diff.json");
    Cli.Result r = Cli.run("diff", base.toString(), slower.toString(), "--json", json.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("2 points in both; 0 only in BASE, 1 only in NEW. 8 significant changes")
        .contains("- only in NEW: rpcx/echo-p1024-t10-r200");
    List<String> throughput =
        r.out().lines().filter(l -> l.matches("\\| rpcx/t10-r200 \\| \\d{5} .*")).toList();
    assertThat(throughput).hasSize(1);
    assertThat(throughput.get(0)).contains("| -20.").endsWith("| significantly slower |");
    JsonNode d = new ObjectMapper().readTree(json.toFile());
    JsonNode rpcx = d.get("points").get(1);
    assertThat(rpcx.get("point").asText()).isEqualTo("rpcx/t10-r200");
    assertThat(rpcx.get("throughput").get("change_percent").asDouble()).isBetween(-22.0, -18.0);
    assertThat(rpcx.get("throughput").get("change_high_percent").asDouble()).isLessThan(0);
    assertThat(rpcx.get("p99").get("change_percent").asDouble()).isBetween(15.0, 25.0);
    assertThat(rpcx.get("p99").get("change_low_percent").asDouble()).isGreaterThan(0);
    assertThat(rpcx.get("p99").get("verdict").asText()).isEqualTo("significantly slower");
    assertThat(d.get("only_new").get(0).asText()).isEqualTo("rpcx/echo-p1024-t10-r200");
  }

  @Test
  void thresholdsApplyToEveryPointAndAFailureExitsNinetyNine() {
    Cli.Result pass =
        Cli.run("diff", base.toString(), copy.toString(), "--threshold", "delta.p99<10%");
    assertThat(pass.exit()).as(pass.err()).isZero();
    assertThat(pass.out()).contains("| delta.p99<10% | delta.p99 of rpcx/t10-r200 |");
    Cli.Result fail =
        Cli.run(
            "diff",
            base.toString(),
            slower.toString(),
            "--threshold",
            "delta.p99<10%",
            "--threshold",
            "p99<1s");
    assertThat(fail.exit()).isEqualTo(99);
    assertThat(fail.out())
        .containsPattern(
            "\\| delta.p99<10% \\| delta.p99 of rpcx/t10-r200 \\| \\+[12][0-9]\\.[0-9] % \\| FAIL \\|")
        .containsPattern(
            "\\| p99<1s \\| p99 of grpc/t10-r200 \\(NEW\\) \\| [0-9]+ µs \\| PASS \\|");
    Cli.Result bad = Cli.run("diff", base.toString(), copy.toString(), "--threshold", "capacity>1");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err().strip()).startsWith("error: threshold 'capacity>1': unknown metric");
  }

  @Test
  void aFolderWithoutRawFilesIsExitOne() throws IOException {
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Cli.Result r = Cli.run("diff", base.toString(), empty.toString());
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err().strip()).isEqualTo("error: " + empty + " holds no raw file with runs");
  }

  @Test
  void helpOfBothCommandsShowsAnExampleAndFormatsCleanly() {
    java.io.PrintStream saved = System.err;
    java.io.ByteArrayOutputStream picocliWarnings = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(picocliWarnings, true));
    try {
      Cli.Result diff = Cli.run("diff", "--help");
      Cli.Result choose = Cli.run("choose", "--help");
      assertThat(diff.exit()).isZero();
      assertThat(diff.out())
          .contains("Example:")
          .contains("--threshold 'delta.p99<10%' --json diff.json")
          .contains("99   a threshold failed")
          .doesNotContain("%%");
      assertThat(choose.out())
          .contains("--threshold 'p99<=5ms' --summary-export summary.json")
          .contains("drops<1%")
          .doesNotContain("%%");
    } finally {
      System.setErr(saved);
    }
    assertThat(picocliWarnings.toString()).doesNotContain("Could not format");
  }
}
