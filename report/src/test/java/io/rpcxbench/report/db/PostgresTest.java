package io.rpcxbench.report.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import io.rpcxbench.report.ThrowawayPostgres;
import io.rpcxbench.report.pages.GoldenReportTest;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same fixture through a real PostgreSQL gives the same tables as SQLite. */
class PostgresTest {

  @Test
  void allCommandsWorkOnPostgresql(@TempDir Path tmp) throws Exception {
    try (ThrowawayPostgres pg = ThrowawayPostgres.start()) {
      Path out = tmp.resolve("report");
      Cli.Result r =
          Cli.run("all", "--db", pg.jdbcUrl(), "--out", out.toString(), Cli.fixture().toString());
      assertThat(r.exit()).as(r.err()).isEqualTo(1); // the fixture's malformed lines
      assertThat(r.out()).contains("180 runs stored", "clean: 19 points {complete=18, timeout=1}");
      for (String f : GoldenReportTest.GOLDEN) {
        assertThat(GoldenReportTest.read(out.resolve(f)))
            .as(f)
            .isEqualTo(GoldenReportTest.golden(f));
      }
      Map<String, Integer> before = counts(pg);
      Cli.Result again = Cli.run("ingest", "--db", pg.jdbcUrl(), Cli.fixture().toString());
      assertThat(again.out())
          .contains("(0 new, 0 replaced, 19 unchanged, 0 unreadable, 0 duplicate)");
      assertThat(counts(pg)).isEqualTo(before).containsEntry("raw_result", 180);
      assertThat(GoldenReportTest.read(out.resolve("index.html"))).contains("host-a", "1a2b3c4");
    }
  }

  private static Map<String, Integer> counts(ThrowawayPostgres pg) throws Exception {
    Map<String, Integer> out = new TreeMap<>();
    try (Database db = Database.open(pg.jdbcUrl())) {
      for (String t : IngestTest.TABLES) {
        out.put(t, IngestTest.count(db, t));
      }
      out.put("cleaned_result", IngestTest.count(db, "cleaned_result"));
    }
    return out;
  }
}
