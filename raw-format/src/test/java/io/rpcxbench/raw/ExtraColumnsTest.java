package io.rpcxbench.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load models' extra columns after {@code histogram}: written, read back, ignored by old code.
 */
class ExtraColumnsTest {
  private static Map<String, String> extra(String dropped, Histogram service) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("dropped", dropped);
    m.put("service_histogram", Histograms.encode(service));
    return m;
  }

  private static List<RunRow> rows() {
    List<RunRow> plain = RawResultFileTest.rows();
    return List.of(
        plain.get(0).withExtra(extra("0", RawResultFileTest.fiveCalls())),
        plain.get(1).withExtra(extra("3", RawResultFileTest.fiveCalls())));
  }

  @Test
  void extraColumnsFollowTheHistogramAndReadBack(@TempDir Path tmp) throws IOException {
    Path file = tmp.resolve("open.csv");
    RawResultFile.write(file, RawResultFileTest.provenance(), rows());

    String text = Files.readString(file);
    assertThat(text).contains(RawResultFile.HEADER + ",dropped,service_histogram\n");
    RawContents c = RawResultFile.read(file);
    assertThat(c.problems()).isEmpty();
    assertThat(c.hasColumn("service_histogram")).isTrue();
    assertThat(c.rows())
        .extracting(r -> r.extra("dropped").orElseThrow())
        .containsExactly("0", "3");
    assertThat(c.rows().get(1).extraHistogram("service_histogram"))
        .contains(RawResultFileTest.fiveCalls());
    assertThat(c.rows().get(1).toCsv()).isEqualTo(rows().get(1).toCsv());
  }

  @Test
  void aFileWithoutExtraColumnsIsWrittenAsBefore(@TempDir Path tmp) throws IOException {
    Path file = tmp.resolve("closed.csv");
    RawResultFile.write(file, RawResultFileTest.provenance(), RawResultFileTest.rows());
    RawContents c = RawResultFile.read(file);
    assertThat(c.columns()).isEqualTo(RawResultFile.COLUMNS);
    assertThat(c.rows()).allSatisfy(r -> assertThat(r.extra()).isEmpty());
  }

  @Test
  void rowsMustAllHaveTheSameExtraColumns(@TempDir Path tmp) {
    List<RunRow> mixed = List.of(rows().get(0), RawResultFileTest.rows().get(1));
    assertThatThrownBy(
            () -> RawResultFile.write(tmp.resolve("x.csv"), RawResultFileTest.provenance(), mixed))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("order 1 has extra columns []");
  }

  @Test
  void aCorruptExtraHistogramMakesTheRowBad() {
    String text =
        "# rpcx-bench raw result v2\n# status: complete\n# type: 77\n# threads: 10\n"
            + "# requests: 100\n"
            + RawResultFile.HEADER
            + ",dropped,service_histogram\n"
            + rows().get(1).toCsv().replaceAll(",[^,]*$", ",bm90IGEgaGlzdG9ncmFt")
            + "\n";
    RawContents c = RawResultFile.parse(text, "f.csv");
    assertThat(c.rows()).isEmpty();
    assertThat(c.problems()).singleElement().asString().startsWith("f.csv:7: service_histogram: ");
  }

  @Test
  void extraColumnsMayNotShadowNamedOnesOrCarryCommas() {
    RunRow row = RawResultFileTest.rows().get(0);
    assertThatThrownBy(() -> row.withExtra(Map.of("p50_us", "1")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> row.withExtra(Map.of("note", "a,b")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
