package io.rpcxbench.report.reproduction;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/reproduction.md is what the committed raw files give: regenerating its two generated blocks
 * (the verdict box and the tables) from docs/reproduction/data and docs/reproduction/cold-start
 * changes nothing. After a change to the report, regenerate the page with the command in its header
 * and commit it with the change.
 */
class ReproductionPageTest {
  private static final Path DOCS = Path.of("../docs");

  @Test
  void theCommittedPageRegeneratesWithoutADiff(@TempDir Path tmp) throws IOException {
    Path page = tmp.resolve("reproduction.md");
    Files.copy(DOCS.resolve("reproduction.md"), page);
    Cli.Result r =
        Cli.run(
            "reproduction",
            "--data",
            DOCS.resolve("reproduction/data").toString(),
            "--cold-start-data",
            DOCS.resolve("reproduction/cold-start").toString(),
            "--splice",
            page.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(Files.readString(page, StandardCharsets.UTF_8))
        .isEqualTo(Files.readString(DOCS.resolve("reproduction.md"), StandardCharsets.UTF_8));
  }
}
