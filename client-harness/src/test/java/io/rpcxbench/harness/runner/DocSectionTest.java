package io.rpcxbench.harness.runner;

import static org.assertj.core.api.Assertions.assertThat;

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
}
