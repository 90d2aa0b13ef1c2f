package io.rpcxbench.harness.review;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** After a point: the trend's warning and key, the thresholds' lines and key, in its files. */
class PointReviewTest {
  @TempDir Path dir;

  @Test
  void aTrendingPointGetsAWarningAndTheKeyAndKeepsItsRows() throws Exception {
    Path file = write("rpcx", 5000, 100, 110, 118, 125, 131, 134, 136, 137, 138);
    List<String> warnings = new ArrayList<>();
    List<String> lines = new ArrayList<>();

    boolean failed =
        new PointReview(Thresholds.parse(List.of("throughput>=120")), warnings::add, lines::add)
            .review(List.of(new PointReview.PointFile("", "rpcx", file)), true);

    assertThat(failed).isFalse();
    assertThat(warnings)
        .containsExactly(
            "warning: rpcx's kept runs still rise (+38 % from run 1 to run 9): it had not reached"
                + " steady state; use --warmup-mode steady or more runs");
    assertThat(lines).hasSize(1);
    assertThat(lines.get(0))
        .isEqualTo("threshold throughput>=120: rpcx PASS (throughput 125.4 calls/s)");
    RawContents after = RawResultFile.read(file);
    assertThat(after.provenance())
        .containsEntry("trend", "rising +38.0 %")
        .containsEntry("protocol", "rpcx");
    assertThat(after.provenance().get("thresholds")).startsWith("throughput>=120 PASS (");
    assertThat(after.rows()).hasSize(10);
  }

  @Test
  void pointsSharingAPlaceShareTheirLinesAndMissingFilesAreLeftOut() throws Exception {
    Path rpcx = write("rpcx", 100, 100, 100, 100);
    Path grpc = write("grpc", 100, 50, 50, 50);
    List<String> lines = new ArrayList<>();

    boolean failed =
        new PointReview(Thresholds.parse(List.of("throughput>60")), w -> {}, lines::add)
            .review(
                List.of(
                    new PointReview.PointFile("t10 r100", "rpcx", rpcx),
                    new PointReview.PointFile("t10 r100", "grpc", grpc),
                    new PointReview.PointFile("t20 r100", "rpcx", dir.resolve("none.csv"))),
                false);

    assertThat(failed).isTrue();
    assertThat(lines)
        .containsExactly(
            "threshold throughput>60 at t10 r100: rpcx PASS (throughput 100.0 calls/s), grpc FAIL"
                + " (throughput 50.0 calls/s)");
    assertThat(RawResultFile.read(rpcx).provenance()).doesNotContainKey("trend");
  }

  private Path write(String protocol, double... throughput) throws Exception {
    RawContents c = KeptRunsTrendTest.contents(throughput);
    Map<String, String> provenance = new LinkedHashMap<>(c.provenance());
    provenance.put("protocol", protocol);
    provenance.put("type", "1");
    provenance.put("threads", "10");
    provenance.put("requests", "100");
    Path file = dir.resolve(protocol + ".csv");
    RawResultFile.write(file, provenance, c.rows());
    return file;
  }
}
