package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file format, against a golden file, in a locale with decimal commas. */
class RawResultFileTest {
  @TempDir Path dir;
  private Locale saved;

  @BeforeEach
  void germanLocale() {
    saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
  }

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(saved);
  }

  private static RunConfig config(Path out) {
    return TestConfig.of(out, Protocol.parse("rpcx"))
        .threads(10)
        .requests(100)
        .runs(2)
        .payloadBytes(64)
        .host("198.18.0.2")
        .build();
  }

  private static Map<String, String> provenance() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("status", "complete");
    p.put("protocol", "rpcx");
    p.put("type", "1");
    p.put("threads", "10");
    p.put("requests", "100");
    p.put("requests_per", "thread");
    p.put("runs", "2");
    p.put("client_host", "host-a\nsecond line");
    return p;
  }

  @Test
  void matchesTheGoldenFileWhateverTheLocale() throws IOException {
    RunConfig config = config(dir);
    List<RunRow> rows =
        List.of(
            RunResult.of(
                    0,
                    944_112_000L,
                    4,
                    0,
                    histogram(812_000, 1_203_000, 2_871_000, 9_011_000),
                    null)
                .toRow(1, 10, 100),
            RunResult.of(
                    1, 47_006_000L, 4, 3, histogram(401_000, 655_000, 1_100_000, 1_502_500), "x")
                .toRow(1, 10, 100));
    Path file = PointRecorder.resultFile(config, Protocol.parse("rpcx"));

    RawResultFile.write(file, provenance(), rows);

    assertThat(file).isEqualTo(dir.resolve("rpcx").resolve("t10-r100.csv"));
    assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(golden());
    assertThat(RawResultFile.read(file).rows())
        .extracting(RunRow::toCsv)
        .containsExactlyElementsOf(rows.stream().map(RunRow::toCsv).toList());
  }

  @Test
  void replacesAtomicallyAndLeavesNoTempFile() throws IOException {
    Path file = dir.resolve("grpc").resolve("t1-r1.csv");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "old");

    RawResultFile.write(file, provenance(), List.of());

    assertThat(Files.readString(file)).startsWith(RawResultFile.MAGIC);
    try (var files = Files.list(file.getParent())) {
      assertThat(files).containsExactly(file);
    }
  }

  /** A run's merged latency histogram, as the load threads record it (ns). */
  private static org.HdrHistogram.Histogram histogram(long... nanos) {
    org.HdrHistogram.Histogram h = LoadRunner.newHistogram();
    for (long n : nanos) {
      h.recordValue(n);
    }
    return h;
  }

  private static String golden() throws IOException {
    try (InputStream in = RawResultFileTest.class.getResourceAsStream("golden-t10-r100.csv")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
