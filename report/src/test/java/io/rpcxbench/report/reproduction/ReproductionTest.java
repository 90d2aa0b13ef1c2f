package io.rpcxbench.report.reproduction;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import io.rpcxbench.report.Processes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code reproduction}: docs/reproduction.md's tables from the committed fixture (two regimes, two
 * readings, a timeout, a cut file) match the golden Markdown, in a German default locale too, and
 * are spliced into a file in place. Regenerate fixture and golden with {@code
 * -Dgolden.update=true}.
 */
class ReproductionTest {
  static final Path FIXTURE = Path.of("src/test/resources/reproduction");
  static final Path GOLDEN = Path.of("src/test/resources/golden/reproduction.md");
  private final Locale saved = Locale.getDefault();

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(saved);
  }

  @Test
  void theFixtureIsWhatTheWriterWrites(@TempDir Path tmp) throws IOException {
    ReproductionFixture.write(tmp);
    if (Boolean.getBoolean("golden.update")) {
      Processes.deleteTree(FIXTURE);
      copyTree(tmp, FIXTURE);
    }
    assertThat(listing(tmp)).isEqualTo(listing(FIXTURE)).hasSize(24);
    for (String f : listing(tmp)) {
      assertThat(Files.readString(tmp.resolve(f)))
          .as(f)
          .isEqualTo(Files.readString(FIXTURE.resolve(f)));
    }
  }

  @Test
  void tablesMatchTheGoldenFile(@TempDir Path tmp) throws IOException {
    String md = generate(tmp, Locale.US);
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(GOLDEN, md, StandardCharsets.UTF_8);
    }
    assertThat(md).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
    assertThat(md)
        .startsWith(VerdictBox.BEGIN)
        .contains(VerdictBox.END + "\n\n" + ReproductionTables.BEGIN)
        .contains("## Link 1gbit, requests_per thread", "## Link 1mbit, requests_per total")
        .contains("timeout (0/10 runs)", "incomplete (6/10 runs)", "*predicted* ≥")
        .contains("## The figures' shapes", "## The time limit read per run")
        .endsWith(ReproductionTables.END + "\n");
  }

  @Test
  void aGermanLocaleGivesTheSameOutputWithoutDecimalCommas(@TempDir Path tmp) throws IOException {
    String german = generate(tmp.resolve("de"), Locale.GERMANY);
    assertThat(german).isEqualTo(generate(tmp.resolve("en"), Locale.US));
    assertThat(german).doesNotContainPattern("[0-9],[0-9]");
  }

  @Test
  void theProseQuotesGeneratedFactsAndAStaleOneIsRefreshed(@TempDir Path tmp) throws IOException {
    Path doc = tmp.resolve("reproduction.md");
    Path notes = tmp.resolve("notes.md");
    Files.writeString(
        doc, "# R\n\nOver gRPC <!--f:1gbit-thread.grpc.inside-->9 of 9<!--/f--> inside.\n");
    Files.writeString(
        notes, "Longest: <!--f:1gbit-total.longest-run-->old<!--/f-->, 90.8 % quoted.\n");
    Cli.Result r =
        Cli.run(
            "reproduction",
            "--data",
            FIXTURE.toString(),
            "--splice",
            doc.toString(),
            "--prose",
            notes.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(Files.readString(doc))
        .contains("Over gRPC <!--f:1gbit-thread.grpc.inside-->2 of 2<!--/f--> inside.");
    assertThat(Files.readString(notes))
        .isEqualTo(
            "Longest: <!--f:1gbit-total.longest-run-->0.0 s (OpenFeign 10 × 100)<!--/f-->, 90.8 %"
                + " quoted.\n");
    // the spliced page is held to facts; the notes may quote other folders
    assertThat(r.out())
        .contains("reproduction: 1 number in the prose -> " + notes)
        .doesNotContain("90.8 % looks measured");
    Files.writeString(doc, Files.readString(doc) + "A typed 73.4 % here.\n");
    assertThat(
            Cli.run("reproduction", "--data", FIXTURE.toString(), "--splice", doc.toString()).out())
        .containsPattern(
            "note: .*reproduction.md line \\d+: 73.4 % looks measured and is no generated fact");

    assertThat(Cli.run("reproduction", "--data", FIXTURE.toString(), "--list-facts").out())
        .contains("1gbit-thread.grpc.inside\t2 of 2\n")
        .contains("1gbit-thread.grpc.range\t63.6 %\n");
  }

  @Test
  void aFactThatIsNoneOrAMissingPageIsRefusedInOneLineAndNothingIsWritten(@TempDir Path tmp)
      throws IOException {
    Path doc = tmp.resolve("reproduction.md");
    String text = "# R\n\n<!--f:1gbit-thread.grpc.insider-->9<!--/f-->\n";
    Files.writeString(doc, text);
    Cli.Result r =
        Cli.run("reproduction", "--data", FIXTURE.toString(), "--splice", doc.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err())
        .contains(
            "error: "
                + doc
                + ": line 3: no fact named f:1gbit-thread.grpc.insider (--list-facts names them)");
    assertThat(Files.readString(doc)).isEqualTo(text);

    Cli.Result missing =
        Cli.run(
            "reproduction",
            "--data",
            FIXTURE.toString(),
            "--prose",
            tmp.resolve("no.md").toString());
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err().strip())
        .isEqualTo("error: --prose: no such file: " + tmp.resolve("no.md"));
  }

  @Test
  void spliceReplacesOnlyTheGeneratedBlocks(@TempDir Path tmp) throws IOException {
    Path doc = tmp.resolve("reproduction.md");
    Files.writeString(
        doc,
        "# Reproduction\n\nProse before.\n\n"
            + ReproductionTables.BEGIN
            + "\nold tables\n"
            + ReproductionTables.END
            + "\n\n## Physics check\n\nProse after.\n");
    Cli.Result r =
        Cli.run("reproduction", "--data", FIXTURE.toString(), "--splice", doc.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("(block replaced)");
    String text = Files.readString(doc);
    String golden = Files.readString(GOLDEN);
    int tables = golden.indexOf(ReproductionTables.BEGIN);
    String verdict = golden.substring(0, tables - 1);
    String block = golden.substring(tables);
    // the verdict box goes under the title the first time, between its markers afterwards
    assertThat(text)
        .isEqualTo(
            "# Reproduction\n\n"
                + verdict
                + "\nProse before.\n\n"
                + block
                + "\n## Physics check\n\nProse after.\n");
    Cli.run("reproduction", "--data", FIXTURE.toString(), "--splice", doc.toString());
    assertThat(Files.readString(doc)).isEqualTo(text);

    Path fresh = tmp.resolve("new.md");
    Files.writeString(fresh, "# Reproduction\n");
    Cli.Result appended =
        Cli.run("reproduction", "--data", FIXTURE.toString(), "--splice", fresh.toString());
    assertThat(appended.out()).contains("(block appended)");
    assertThat(Files.readString(fresh)).isEqualTo("# Reproduction\n\n" + verdict + "\n" + block);
  }

  @Test
  void perPointPaperValuesGiveRatios(@TempDir Path tmp) throws IOException {
    Path csv = tmp.resolve("paper.csv");
    Files.writeString(csv, "protocol,threads,requests,runtime_ms,tps\nrpcx,10,100,200,\n");
    Cli.Result r =
        Cli.run("reproduction", "--data", FIXTURE.toString(), "--paper-reference", csv.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    // 1gbit, thread: RPCX at 10 x 100 averages 10.07 ms (runs 1-9): 0.05 of the paper's 200 ms
    assertThat(r.out()).contains("| 10 | 100 | 10.07 ± 0.32 | 200.00 | 0.05× |");
    Files.writeString(csv, "protocol,threads\n");
    assertThat(
            Cli.run(
                    "reproduction",
                    "--data",
                    FIXTURE.toString(),
                    "--paper-reference",
                    csv.toString())
                .exit())
        .isEqualTo(2);
  }

  @Test
  void severalDataFoldersAreReadAsOneAndTheBoxNamesTheirCommits(@TempDir Path tmp)
      throws IOException {
    Path out = tmp.resolve("out.md");
    Cli.Result r =
        Cli.run(
            "reproduction",
            "--data",
            FIXTURE.resolve("1gbit-thread").toString(),
            "--data",
            FIXTURE.resolve("1mbit-total").toString(),
            "--out",
            out.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    String md = Files.readString(out, StandardCharsets.UTF_8);
    assertThat(md)
        .contains("## Link 1gbit, requests_per thread", "## Link 1mbit, requests_per total")
        .doesNotContain("## Link 1gbit, requests_per total", "## Link 1mbit, requests_per thread")
        .contains(
            "| 1 Gbit/s, T × R | `abc1234` (3 files), `fed9876` (3 files) | not recorded | 1 |"
                + " 2026-11-22 to 2026-11-23 | not recorded | none | not recorded |\n",
            "| 1 Mbit/s, R shared | `def5678-dirty` | not recorded | 1 | 2026-11-22 |"
                + " not recorded | none | not recorded |\n");
    // a missing folder among several is named, and nothing is written
    Path missing = tmp.resolve("nowhere");
    Cli.Result bad =
        Cli.run(
            "reproduction",
            "--data",
            FIXTURE.toString(),
            "--data",
            missing.toString(),
            "--out",
            tmp.resolve("bad.md").toString());
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err()).contains("error: --data: no such directory: " + missing);
    assertThat(tmp.resolve("bad.md")).doesNotExist();
  }

  @Test
  void earlierSweepsAreSetBesideTheDataAndAMissingFolderIsRefused(@TempDir Path tmp)
      throws IOException {
    Path out = tmp.resolve("out.md");
    String thread = FIXTURE.resolve("1gbit-thread").toString();
    Cli.Result r =
        Cli.run(
            "reproduction", "--data", thread, "--earlier-data", thread, "--out", out.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    // the same files then and now, 2 points a rival: too few for the paired test, never "moved"
    assertThat(Files.readString(out, StandardCharsets.UTF_8))
        .contains("Against the earlier sweeps of the same regimes")
        .contains("Moved: 0 of 0.")
        .contains("| 1 Gbit/s, T × R | gRPC | – (2 pairs; need 6) | – (2 pairs; need 6) |");
    Path missing = tmp.resolve("nowhere");
    Cli.Result bad =
        Cli.run(
            "reproduction",
            "--data",
            thread,
            "--earlier-data",
            missing.toString(),
            "--out",
            tmp.resolve("bad.md").toString());
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err()).contains("error: --earlier-data: no such directory: " + missing);
    assertThat(tmp.resolve("bad.md")).doesNotExist();
  }

  @Test
  void anUnreadableEarlierFileIsNamedAndCountsInTheExitCode(@TempDir Path tmp) throws IOException {
    Path then = Files.createDirectories(tmp.resolve("then"));
    Files.writeString(then.resolve("half-written.csv"), "# rpcx-bench raw\nprotocol,thr");
    Path out = tmp.resolve("out.md");
    Cli.Result r =
        Cli.run(
            "reproduction",
            "--data",
            FIXTURE.resolve("1gbit-thread").toString(),
            "--earlier-data",
            FIXTURE.resolve("1gbit-thread").toString(),
            "--earlier-data",
            then.toString(),
            "--out",
            out.toString());
    assertThat(r.exit()).as(r.err()).isEqualTo(1);
    assertThat(r.err())
        .contains("half-written.csv")
        .contains("error: --earlier-data: not every file could be read (see above)");
    // what could be read is still set beside the data
    assertThat(Files.readString(out, StandardCharsets.UTF_8))
        .contains("Against the earlier sweeps of the same regimes");
  }

  @Test
  void linkRates() {
    assertThat(ByteLimitModel.bitsPerSecond("1mbit")).contains(1e6);
    assertThat(ByteLimitModel.bitsPerSecond("1gbit")).contains(1e9);
    assertThat(ByteLimitModel.bitsPerSecond("100kbps")).contains(8e5);
    assertThat(ByteLimitModel.bitsPerSecond("fast")).isEmpty();
  }

  private static String generate(Path dir, Locale locale) throws IOException {
    Locale.setDefault(locale);
    Files.createDirectories(dir);
    Path out = dir.resolve("out.md");
    Cli.Result r = Cli.run("reproduction", "--data", FIXTURE.toString(), "--out", out.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  private static List<String> listing(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString())
          .sorted()
          .toList();
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    for (String f : listing(from)) {
      Files.createDirectories(to.resolve(f).getParent());
      Files.copy(from.resolve(f), to.resolve(f), StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
