package io.rpcxbench.report.reproduction;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reproduction pages are what the committed raw files give: regenerating the generated blocks
 * (the verdict box and the tables) changes nothing. docs/reproduction.md comes from the sweeps
 * repeated on one commit (docs/reproduction/repeat-5d8927e for R shared, the complete repetitions
 * of repeat-5d8927e-thread for T x R; several files a point, merged as sweeps), the first sweeps of
 * docs/reproduction/data set beside them, and docs/reproduction/cold-start;
 * docs/reproduction-repeated.md from the R-shared repeats beside their first sweeps;
 * docs/reproduction-first-sweeps.md from the first single sweeps of all four regimes. After a
 * change to the report, regenerate the pages with the commands in their headers and commit them
 * with the change.
 */
class ReproductionPageTest {
  private static final Path DOCS = Path.of("../docs");

  @Test
  void theCommittedPageRegeneratesWithoutADiff(@TempDir Path tmp) throws IOException {
    assertRegeneratesWithoutADiff(
        tmp,
        "reproduction.md",
        "--data",
        DOCS.resolve("reproduction/repeat-5d8927e").toString(),
        "--data",
        DOCS.resolve("reproduction/repeat-5d8927e-thread").toString(),
        "--merge-duplicates",
        "--earlier-data",
        DOCS.resolve("reproduction/data").toString(),
        "--cold-start-data",
        DOCS.resolve("reproduction/cold-start").toString());
  }

  @Test
  void theRepeatedSweepsPageRegeneratesWithoutADiff(@TempDir Path tmp) throws IOException {
    assertRegeneratesWithoutADiff(
        tmp,
        "reproduction-repeated.md",
        "--data",
        DOCS.resolve("reproduction/repeat-5d8927e").toString(),
        "--merge-duplicates",
        "--earlier-data",
        DOCS.resolve("reproduction/data/a-1gbit-total").toString(),
        "--earlier-data",
        DOCS.resolve("reproduction/data/b-1mbit-total").toString());
  }

  @Test
  void theFirstSweepsPageRegeneratesWithoutADiff(@TempDir Path tmp) throws IOException {
    assertRegeneratesWithoutADiff(
        tmp,
        "reproduction-first-sweeps.md",
        "--data",
        DOCS.resolve("reproduction/data/a-1gbit-thread").toString(),
        "--data",
        DOCS.resolve("reproduction/data/b-1mbit-thread").toString(),
        "--data",
        DOCS.resolve("reproduction/data/a-1gbit-total").toString(),
        "--data",
        DOCS.resolve("reproduction/data/b-1mbit-total").toString());
  }

  private static void assertRegeneratesWithoutADiff(Path tmp, String name, String... options)
      throws IOException {
    Path page = tmp.resolve(name);
    Files.copy(DOCS.resolve(name), page);
    List<String> args = new ArrayList<>(List.of("reproduction"));
    args.addAll(List.of(options));
    args.addAll(List.of("--splice", page.toString()));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(Files.readString(page, StandardCharsets.UTF_8))
        .isEqualTo(Files.readString(DOCS.resolve(name), StandardCharsets.UTF_8));
  }
}
