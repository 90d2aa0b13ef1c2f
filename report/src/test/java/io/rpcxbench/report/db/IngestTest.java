package io.rpcxbench.report.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.report.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Idempotent ingest, replacement of changed files, and malformed lines. */
public class IngestTest {
  static final List<String> TABLES =
      List.of("raw_file", "raw_provenance", "raw_point", "raw_result");

  @Test
  void ingestingTheSameFilesTwiceChangesNothing(@TempDir Path tmp) throws Exception {
    Path raw = Cli.copyFixture(tmp.resolve("raw"));
    Cli.Result first = Cli.run("ingest", "--db", Cli.sqlite(tmp), raw.toString());
    Map<String, Integer> before = counts(tmp);
    // 18 complete files x 10 runs (the malformed lines are extra lines) and 1 timeout file.
    assertThat(before)
        .containsEntry("raw_file", 19)
        .containsEntry("raw_point", 19)
        .containsEntry("raw_result", 180);
    assertThat(first.out())
        .contains(
            "19 files (19 new, 0 replaced, 0 unchanged, 0 unreadable, 0 duplicate), 180 runs");
    Cli.Result second = Cli.run("ingest", "--db", Cli.sqlite(tmp), raw.toString());
    assertThat(second.out())
        .contains("19 files (0 new, 0 replaced, 19 unchanged, 0 unreadable, 0 duplicate), 0 runs");
    assertThat(counts(tmp)).isEqualTo(before);
    // The same files named another way (a single file, a relative-looking path) are the same
    // sources.
    Cli.run("ingest", "--db", Cli.sqlite(tmp), raw.resolve("rpcx/../rpcx/t10-r100.csv").toString());
    assertThat(counts(tmp)).isEqualTo(before);
  }

  @Test
  void aResultsFolderMovedWithItsDatabaseReportsTheSame(@TempDir Path tmp) throws Exception {
    Path first = tmp.resolve("first/results");
    Cli.copyFixture(first.resolve("raw"));
    Cli.run("ingest", "--db", Cli.sqlite(first), first.resolve("raw").toString());
    Cli.Result clean = Cli.run("clean", "--db", Cli.sqlite(first));
    Cli.Result points = Cli.run("export", "--db", Cli.sqlite(first), "--format", "csv");

    Path moved = tmp.resolve("elsewhere/copy/results");
    Files.createDirectories(moved.getParent());
    Files.move(first, moved);
    Cli.Result again =
        Cli.run("ingest", "--db", Cli.sqlite(moved), moved.resolve("raw").toString());
    Cli.Result cleanAgain = Cli.run("clean", "--db", Cli.sqlite(moved));
    Cli.Result pointsAgain = Cli.run("export", "--db", Cli.sqlite(moved), "--format", "csv");
    Cli.Result report =
        Cli.run("report", "--db", Cli.sqlite(moved), "--out", moved.resolve("report").toString());

    assertThat(again.out())
        .contains("19 files (0 new, 0 replaced, 19 unchanged, 0 unreadable, 0 duplicate), 0 runs");
    assertThat(again.err()).doesNotContain("same point as");
    assertThat(cleanAgain.out()).isEqualTo(clean.out());
    assertThat(pointsAgain.out()).isEqualTo(points.out()).isNotEmpty();
    assertThat(report.exit()).as(report.err()).isZero();
    assertThat(counts(moved)).containsEntry("raw_file", 19).containsEntry("raw_result", 180);
  }

  @Test
  void aDatabaseKeyedByAbsolutePathsMovesToRelativeKeysOnTheNextIngest(@TempDir Path tmp)
      throws Exception {
    Path raw = Cli.copyFixture(tmp.resolve("raw"));
    Cli.run("ingest", "--db", Cli.sqlite(tmp), raw.toString());
    // as an older version wrote it: every source absolute
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      for (String table : TABLES) {
        try (PreparedStatement ps =
            db.connection.prepareStatement(
                "UPDATE " + table + " SET source = ? || '/' || source")) {
          ps.setString(1, tmp.toAbsolutePath().normalize().toString());
          ps.executeUpdate();
        }
      }
    }

    Cli.Result r = Cli.run("ingest", "--db", Cli.sqlite(tmp), raw.toString());

    assertThat(r.out())
        .contains("19 files (0 new, 0 replaced, 19 unchanged, 0 unreadable, 0 duplicate), 0 runs");
    assertThat(counts(tmp)).containsEntry("raw_file", 19).containsEntry("raw_result", 180);
    try (Database db = Database.open(Cli.sqlite(tmp));
        PreparedStatement ps =
            db.connection.prepareStatement(
                "SELECT COUNT(*) FROM raw_file WHERE source LIKE 'raw/%'");
        ResultSet rs = ps.executeQuery()) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getInt(1)).isEqualTo(19);
    }
  }

  @Test
  void aChangedFileReplacesItsRows(@TempDir Path tmp) throws Exception {
    Path raw = Cli.copyFixture(tmp.resolve("raw"));
    Cli.run("ingest", "--db", Cli.sqlite(tmp), raw.toString());
    Path file = raw.resolve("rpcx/t10-r100.csv");
    // Drop the last two runs and change the commit: the file's 10 rows become 8, nothing else
    // moves.
    List<String> lines = Files.readAllLines(file);
    List<String> changed =
        lines.subList(0, lines.size() - 2).stream()
            .map(l -> l.equals("# git_commit: 1a2b3c4") ? "# git_commit: 9f8e7d6" : l)
            .toList();
    Files.write(file, changed);
    Cli.Result r = Cli.run("ingest", "--db", Cli.sqlite(tmp), raw.toString());
    assertThat(r.exit()).isEqualTo(1); // the fixture's malformed lines are reported again
    assertThat(r.out())
        .contains(
            "(0 new, 1 replaced, 18 unchanged, 0 unreadable, 0 duplicate), 8 runs stored, 1 incomplete");
    assertThat(r.err()).contains(file + ":1: only 8 of 10 runs stored; point marked incomplete");
    assertThat(counts(tmp)).containsEntry("raw_file", 19).containsEntry("raw_result", 178);
    try (Database db = Database.open(Cli.sqlite(tmp));
        PreparedStatement ps =
            db.connection.prepareStatement(
                "SELECT prov_value FROM raw_provenance WHERE source = ? AND prov_key = 'git_commit'")) {
      ps.setString(1, db.sourceOf(file));
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).isEqualTo("9f8e7d6");
        assertThat(rs.next()).isFalse();
      }
    }
  }

  @Test
  void malformedLinesAreReportedAsFileAndLineAndTheRestGoesIn(@TempDir Path tmp) throws Exception {
    Path file = Cli.fixture().resolve("grpc/t110-r100.csv");
    Cli.Result r = Cli.run("ingest", "--db", Cli.sqlite(tmp), file.toString());
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err().lines().toList())
        .containsExactly(
            file + ":26: order is not an integer: 'x'", file + ":29: expected 14 fields, found 7");
    assertThat(counts(tmp)).containsEntry("raw_result", 10);
  }

  @Test
  void unreadableFilesAreNamedAndSkipped(@TempDir Path tmp) throws Exception {
    Path bad = tmp.resolve("bad.csv");
    Files.writeString(
        bad,
        RawResultFile.MAGIC
            + "\n# status: finished\n# type: 1\n# threads: 10\n# requests: 100\n"
            + "type,threadNum,requestNum,order,timeTotal,tps\n1,10,100,0,1.0,2.0\n");
    Path wrongRow = tmp.resolve("wrong.csv");
    Files.writeString(
        wrongRow,
        RawResultFile.MAGIC
            + "\n# status: complete\n# protocol: grpc\n# type: 2\n# threads: 10\n"
            + "# requests: 100\ntype,threadNum,requestNum,order,timeTotal,tps\n"
            + "2,10,100,0,1.5,66666.667\n2,20,100,1,1.5,2.5\n2,10,100,2,1,5,2.5\n2,10,100,3,NaN,2.5\n");
    Cli.Result r = Cli.run("ingest", "--db", Cli.sqlite(tmp), bad.toString(), wrongRow.toString());
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err().lines().toList())
        .containsExactly(
            bad + ":1: unknown status 'finished'; file skipped",
            wrongRow
                + ":9: row is for type 2, 20 threads, 100 requests but the file is for type 2, 10 threads,"
                + " 100 requests",
            wrongRow + ":10: expected 6 fields, found 7",
            wrongRow + ":11: timeTotal is not a number: 'NaN'");
    assertThat(counts(tmp)).containsEntry("raw_file", 1).containsEntry("raw_result", 1);
  }

  @Test
  void badUsageExitsWithTwo(@TempDir Path tmp) {
    assertThat(Cli.run().exit()).isEqualTo(2);
    assertThat(Cli.run("ingest").exit()).isEqualTo(2);
    assertThat(Cli.run("report", "--bogus").exit()).isEqualTo(2);
    Cli.Result missing = Cli.run("ingest", "--db", Cli.sqlite(tmp), tmp.resolve("nope").toString());
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err()).contains("no such file or directory: " + tmp.resolve("nope"));
    Cli.Result empty =
        Cli.run("report", "--db", Cli.sqlite(tmp), "--out", tmp.resolve("r").toString());
    assertThat(empty.exit()).isEqualTo(1);
    assertThat(empty.err())
        .contains("no cleaned data in the database: run 'ingest' and 'clean' first");
  }

  static Map<String, Integer> counts(Path tmp) throws Exception {
    Map<String, Integer> out = new TreeMap<>();
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      for (String t : TABLES) {
        out.put(t, count(db, t));
      }
    }
    return out;
  }

  public static int count(Database db, String table) throws SQLException {
    try (Statement s = db.connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
