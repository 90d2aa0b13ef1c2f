package io.rpcxbench.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.runner.point.ExperimentFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 26 outcome 3: without --out every sweep, choose and compare is a folder of its own. */
class ExperimentFolderTest {
  private static final Clock AT =
      Clock.fixed(Instant.parse("2026-11-23T23:15:00Z"), ZoneOffset.UTC);

  @TempDir Path results;

  @Test
  void twoExperimentsStartedInTheSameSecondGetTwoFolders() throws Exception {
    Path first = ExperimentFolder.fresh(results, "sweep", AT);
    assertThat(first).isEqualTo(results.resolve("20261123T231500Z-sweep"));
    assertThat(first).doesNotExist(); // nothing is created until the experiment writes
    Files.createDirectories(first);
    assertThat(ExperimentFolder.fresh(results, "sweep", AT))
        .isEqualTo(results.resolve("20261123T231500Z-sweep-2"));
    assertThat(ExperimentFolder.fresh(results, "choose", AT))
        .isEqualTo(results.resolve("20261123T231500Z-choose"));
  }

  @Test
  void aSweepWithoutOutPlansIntoItsOwnFolderAndSaysHowToReportIt() {
    SweepInProcessTest.Outcome o =
        SweepInProcessTest.sweep(
            "--dry-run", "--protocol", "rpcx", "--threads", "2", "--requests", "10");

    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).containsPattern("results/\\d{8}T\\d{6}Z-sweep/raw/rpcx/t2-r10\\.csv");
    assertThat(SweepOutOptions.reportLine(Path.of("results/20261123T231500Z-sweep/raw")))
        .isEqualTo(
            "report this experiment: java -jar report/target/report.jar all --db"
                + " jdbc:sqlite:results/20261123T231500Z-sweep/results.db --out"
                + " results/20261123T231500Z-sweep/report results/20261123T231500Z-sweep/raw");
  }
}
