package io.rpcxbench.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;

class ExitCodeTest {
  @Test
  void eachCodeMeansOneThing() {
    assertThat(Arrays.stream(ExitCode.values()).map(ExitCode::code)).doesNotHaveDuplicates();
    assertThat(ExitCode.of(7)).isEqualTo(ExitCode.LOCKED);
    assertThat(ExitCode.of(42)).isNull();
  }

  /** Every --help shows one line pointing to the list, not the list. */
  @Test
  void theBundleGivesEveryHelpOnePointerLine() {
    ResourceBundle b = ResourceBundle.getBundle("io.rpcxbench.api.ExitCodes");
    assertThat(b.getString("usage.exitCodeListHeading"))
        .isEqualTo("%nExit codes: rpcx-bench help exit-codes, or docs/harness.md#exit-codes%n");
    assertThat(b.keySet()).containsExactly("usage.exitCodeListHeading");
  }

  @Test
  void theListHasEveryCodeOnALineOfItsOwn() {
    String[] lines = ExitCodes.list().split("\\R");
    assertThat(lines).hasSize(ExitCode.values().length);
    assertThat(lines[0]).isEqualTo("    0  " + ExitCode.OK.meaning());
    assertThat(lines[lines.length - 1]).isEqualTo("  143  SIGTERM: stopped as on SIGINT");
  }

  /** Every meaning is a whole clause: none ends on a word that needs another ("would", "the"). */
  @Test
  void everyMeaningIsWhole() {
    for (ExitCode e : ExitCode.values()) {
      assertThat(e.meaning())
          .as(e.name())
          .doesNotContainPattern("\\b(would|the|a|an|of|to|and|or|more|its|than)$");
    }
    assertThat(ExitCode.INCONCLUSIVE.meaning()).endsWith("more trials may decide it");
  }

  /** docs/harness.md shows the list as rpcx-bench help exit-codes prints it. */
  @Test
  void theDocsShowTheList() throws IOException {
    String doc = Files.readString(Path.of("../docs/harness.md"));
    assertThat(doc).contains("rpcx-bench help exit-codes\n" + ExitCodes.list());
  }
}
