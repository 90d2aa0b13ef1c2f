package io.rpcxbench.report.gc;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.report.Cli;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gc-check table}: the report of bench/gc-check.sh, byte for byte what its awk printed (the
 * golden {@code gc/table/gc.md} is that awk's output for the phase files beside it), in any locale,
 * and docs/performance.md's GC section regenerates from the numbers it shows.
 */
class GcCheckTableTest {
  private static final Path DOC = Path.of("../docs/performance.md");
  private static final String[] SETUP = {
    "--share-max",
    "2",
    "--load-threads",
    "64",
    "--load-seconds",
    "60",
    "--many-threads",
    "990",
    "--many-rounds",
    "2",
    "--many-runs",
    "2",
    "--many-requests",
    "20"
  };

  static Path tableFixture() {
    try {
      return Path.of(GcCheckTableTest.class.getResource("/gc/table").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Cli.Result table(Path folder, String... setup) {
    List<String> args = new ArrayList<>(List.of("gc-check", "table", folder.toString()));
    args.addAll(List.of(setup.length == 0 ? SETUP : setup));
    return Cli.run(args.toArray(String[]::new));
  }

  @Test
  void theTableIsTheGoldenOneAndAMissExits99() throws IOException {
    Cli.Result r = table(tableFixture());
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).isEqualTo(Files.readString(tableFixture().resolve("gc.md")));
    // grpc's share 2.04 % and openfeign's full GC; bare's and grpc's live sets grow
    assertThat(r.exit()).isEqualTo(ExitCode.GATE_FAILED.code());
  }

  @Test
  void theVerdictsAreTheScripts() {
    List<String> lines = table(tableFixture()).out().lines().toList();
    assertThat(lines)
        .contains(
            "| rpcx | 60.9 | 3713664 | 0 | 26 | 47.1 | 0.08 % | 0 | 4 | PASS (< 2 %, 0 full) |",
            "| grpc | 68.9 | 670848 | 0 | 24 | 1405.1 | 2.04 % | 0 | 7 | MISS (< 2 %, 0 full) |",
            "| openfeign | 90.4 | 182784 | 3 | 45 | 146.9 | 0.16 % | 1 | 23 | MISS (< 2 %, 0 full) |",
            "| bare | 61.3 | 4100000 | 0 | 30 | 122.6 | 2.00 % | 0 | 5 | MISS (< 2 %, 0 full) |",
            "| typed-json | 62.1 | 1200000 | 0 | 33 | 99.4 | 1.99 % | 0 | 6 | PASS (< 2 %, 0 full) |",
            "| grpc | 2 | 7 | 8 | no |",
            "openfeign: live set after GC.run n/a MB in round 1, n/a MB in the last round, max  MB: "
                + "PASS (bounded: the last round is not above the first)",
            "bare: live set after GC.run 3 MB in round 1, 4.5 MB in the last round, max 4.5 MB: "
                + "MISS (grows)");
  }

  @Test
  void theOldAwkPrintsTheSameForTheSameFiles() throws Exception {
    OldGcCheckAwk.assumeAwk();
    String awk =
        OldGcCheckAwk.run(
            "OUT=\"$1\" LOAD_THREADS=64 LOAD_SECONDS=60 MANY_THREADS=990 MANY_ROUNDS=2 MANY_RUNS=2 "
                + "MANY_REQUESTS=20 GC_SHARE_MAX=2; report",
            List.of(tableFixture().toString()));
    assertThat(table(tableFixture()).out()).isEqualTo(awk);
  }

  @Test
  void allPassExits0AndTheNumbersKeepTheirPointInGermany(@TempDir Path out) throws IOException {
    Files.writeString(
        out.resolve(GcCheckTable.PHASE_1), "rpcx phase1 60.9 47.1 26 0 4 0.08 3713664 0 0\n");
    Files.writeString(out.resolve(GcCheckTable.PHASE_2), "rpcx 1 4 4 0 0\nrpcx 2 5 5 0 0\n");
    Locale was = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      Cli.Result r =
          table(
              out,
              "--share-max",
              "1.5",
              "--load-threads",
              "64",
              "--load-seconds",
              "60",
              "--many-threads",
              "1000",
              "--many-rounds",
              "2",
              "--many-runs",
              "2",
              "--many-requests",
              "20");
      assertThat(r.exit()).as(r.err()).isZero();
      assertThat(r.out())
          .contains("Phase 2: 1000 client threads, 2 rounds")
          .contains("| 0.08 % | 0 | 4 | PASS (< 1.5 %, 0 full) |")
          .doesNotContain("1.000")
          .doesNotContain(",5")
          .doesNotContain("0,08");
    } finally {
      Locale.setDefault(was);
    }
  }

  @Test
  void docsPerformanceGcSectionRegeneratesFromTheNumbersItShows(@TempDir Path out)
      throws IOException {
    List<String> doc = Files.readAllLines(DOC, StandardCharsets.UTF_8);
    int begin = doc.indexOf("<!-- BEGIN gc -->");
    int end = doc.indexOf("<!-- END gc -->");
    List<String> section = doc.subList(begin + 1, end);
    int phase1 = indexStartingWith(section, "Phase 1: ");
    List<String> gcMd = section.subList(phase1, section.size());
    // back from the tables to the lines the script appended (status and round status: 0)
    StringBuilder p1 = new StringBuilder();
    StringBuilder p2 = new StringBuilder();
    for (String line : gcMd) {
      String[] c = line.split(" \\| ");
      if (line.startsWith("| ")
          && c.length == 10
          && !line.startsWith("| server")
          && !line.startsWith("| ---")) {
        String server = c[0].substring(2);
        p1.append(
                String.join(
                    " ",
                    server,
                    "phase1",
                    c[1],
                    c[5],
                    c[4],
                    c[7],
                    c[8],
                    c[6].replace(" %", ""),
                    c[2],
                    c[3],
                    "0"))
            .append('\n');
      } else if (line.startsWith("| ")
          && c.length == 5
          && !line.startsWith("| server")
          && !line.startsWith("| ---")) {
        p2.append(
                String.join(" ", c[0].substring(2), c[1], c[2], c[3], c[4].replace(" |", ""), "0"))
            .append('\n');
      }
    }
    Files.writeString(out.resolve(GcCheckTable.PHASE_1), p1);
    Files.writeString(out.resolve(GcCheckTable.PHASE_2), p2);
    Cli.Result r =
        table(
            out,
            "--share-max",
            "2",
            "--load-threads",
            "64",
            "--load-seconds",
            "60",
            "--many-threads",
            "990",
            "--many-rounds",
            "4",
            "--many-runs",
            "2",
            "--many-requests",
            "20");
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).isEqualTo(String.join("\n", gcMd) + "\n");
  }

  @Test
  void aMissingOrMalformedPhaseFileIsOneLineAndExit1(@TempDir Path out) throws IOException {
    Cli.Result missing = table(out);
    assertThat(missing.exit()).isEqualTo(1);
    assertThat(missing.err())
        .isEqualTo(
            "error: gc-check table " + out + ": no such file: " + out.resolve("phase1.txt") + "\n");
    Files.writeString(out.resolve(GcCheckTable.PHASE_1), "rpcx phase1 60.9 47.1\n");
    Files.writeString(out.resolve(GcCheckTable.PHASE_2), "");
    Cli.Result shortLine = table(out);
    assertThat(shortLine.exit()).isEqualTo(1);
    assertThat(shortLine.err().lines().toList()).hasSize(1);
    assertThat(shortLine.err()).contains("phase1.txt:1: expected at least 10 fields");
    Cli.Result noShareMax = Cli.run("gc-check", "table", out.toString(), "--load-threads", "64");
    assertThat(noShareMax.exit()).isEqualTo(2);
    assertThat(noShareMax.err().lines().toList()).hasSize(1);
    Cli.Result badCount =
        table(
            out,
            "--share-max",
            "2",
            "--load-threads",
            "x64",
            "--load-seconds",
            "60",
            "--many-threads",
            "990",
            "--many-rounds",
            "4",
            "--many-runs",
            "2",
            "--many-requests",
            "20");
    assertThat(badCount.exit()).isEqualTo(2);
    assertThat(badCount.err().lines().toList()).hasSize(1);
  }

  private static int indexStartingWith(List<String> lines, String prefix) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i;
      }
    }
    throw new AssertionError("no line starting with " + prefix);
  }
}
