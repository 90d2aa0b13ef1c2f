package io.rpcxbench.report.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.verdict.page.DocSection;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocSectionTest {
  @TempDir Path work;

  private static final String DOC =
      """
      # Performance

      before
      <!-- BEGIN compare -->
      old table
      old text
      <!-- END compare -->
      between
      <!-- BEGIN other -->
      kept
      <!-- END other -->
      """;

  @Test
  void theSectionBetweenItsMarkersIsReplacedAndTheRestStays() {
    assertThat(DocSection.replace(DOC, "compare", "## New\n\n| a |\n"))
        .isEqualTo(
            """
            # Performance

            before
            <!-- BEGIN compare -->
            ## New

            | a |
            <!-- END compare -->
            between
            <!-- BEGIN other -->
            kept
            <!-- END other -->
            """);
  }

  @Test
  void aDocumentWithoutTheMarkersGetsThemAtItsEnd() {
    assertThat(DocSection.replace("# P\n\ntext\n", "compare", "body"))
        .isEqualTo("# P\n\ntext\n\n<!-- BEGIN compare -->\nbody\n<!-- END compare -->\n");
  }

  @Test
  void theFileIsCreatedWhenMissingAndReplacedWholeOtherwise() throws Exception {
    Path doc = work.resolve("docs/performance.md");
    DocSection.write(doc, "compare", "first\n");
    assertThat(Files.readString(doc))
        .isEqualTo("# Performance\n\n<!-- BEGIN compare -->\nfirst\n<!-- END compare -->\n");
    DocSection.write(doc, "compare", "second\n");
    assertThat(Files.readString(doc)).contains("second").doesNotContain("first");
    try (var files = Files.list(doc.getParent())) {
      assertThat(files).hasSize(1);
    }
  }

  @Test
  void theCommandSplicesABodyFileAndRefusesABadNameOrAMissingBody() throws Exception {
    Path doc = work.resolve("performance.md");
    Files.writeString(doc, DOC);
    Path body = work.resolve("section.md");
    Files.writeString(body, "## Bytes\n");
    io.rpcxbench.report.Cli.Result ok =
        io.rpcxbench.report.Cli.run("doc-section", doc.toString(), "compare", body.toString());
    assertThat(ok.exit()).as(ok.err()).isZero();
    assertThat(Files.readString(doc)).contains("<!-- BEGIN compare -->\n## Bytes\n<!-- END");
    io.rpcxbench.report.Cli.Result bad =
        io.rpcxbench.report.Cli.run("doc-section", doc.toString(), "a b", body.toString());
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err()).contains("NAME 'a b' is not a word");
    io.rpcxbench.report.Cli.Result missing =
        io.rpcxbench.report.Cli.run(
            "doc-section", doc.toString(), "compare", work.resolve("none.md").toString());
    assertThat(missing.exit()).isEqualTo(1);
    assertThat(missing.err()).startsWith("error: doc-section " + doc);
    assertThat(Files.readString(doc)).contains("## Bytes");
  }
}
