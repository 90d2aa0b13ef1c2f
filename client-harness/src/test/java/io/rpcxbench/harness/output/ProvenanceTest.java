package io.rpcxbench.harness.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The commit baked in by the build, and which commit a result file names. */
class ProvenanceTest {
  private static final String COMMIT = "[0-9a-f]{7,40}";

  @Test
  void aBuildInsideAGitCheckoutBakesItsCommitAndDirtyFlag() {
    assumeTrue(insideGitCheckout(), "built from a tree without .git");
    assertThat(BuildInfo.get("git.commit")).matches(COMMIT);
    assertThat(BuildInfo.get("git.dirty")).isIn("true", "false");
    String baked =
        Provenance.gitCommit(null, BuildInfo.get("git.commit"), BuildInfo.get("git.dirty"));
    assertThat(baked).matches(COMMIT + "(-dirty)?");
    assertThat(Provenance.gitCommitNow()).isEqualTo(baked);
  }

  @Test
  void aBuildWithoutGitBakesUnknown() {
    assumeFalse(insideGitCheckout(), "built inside a git checkout");
    assertThat(BuildInfo.get("git.commit")).isEqualTo("unknown");
    assertThat(BuildInfo.get("git.dirty")).isEqualTo("unknown");
  }

  @Test
  void theBakedCommitWinsOverTheLiveOne() {
    // built at 9f8e7d6 with uncommitted changes, the checkout moved on to 1a2b3c4 since
    assertThat(Provenance.gitCommit("1a2b3c4", "9f8e7d6", "true")).isEqualTo("9f8e7d6-dirty");
    assertThat(Provenance.gitCommit("1a2b3c4", "9f8e7d6", "false")).isEqualTo("9f8e7d6");
    // built without git information: the checkout the code runs from is the best guess
    assertThat(Provenance.gitCommit("1a2b3c4", "unknown", "unknown")).isEqualTo("1a2b3c4");
  }

  @Test
  void withoutGitTheBakedCommitIsUsedAndADirtyBuildSaysSo() {
    assertThat(Provenance.gitCommit(null, "9f8e7d6", "false")).isEqualTo("9f8e7d6");
    assertThat(Provenance.gitCommit(null, "9f8e7d6", "true")).isEqualTo("9f8e7d6-dirty");
    // a jar built with -Dgit.commit=... from a tree without .git: no dirty flag to go by
    assertThat(Provenance.gitCommit(null, "9f8e7d6", "unknown")).isEqualTo("9f8e7d6");
  }

  @Test
  void withNeitherTheCommitIsUnknown() {
    assertThat(Provenance.gitCommit(null, "unknown", "unknown")).isEqualTo("unknown");
    assertThat(Provenance.gitCommit(null, "unknown", "true")).isEqualTo("unknown");
  }

  /** As the build's git plugin looks: a .git (folder, or file of a worktree) here or above. */
  private static boolean insideGitCheckout() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.exists(dir.resolve(".git"))) {
        return true;
      }
    }
    return false;
  }
}
