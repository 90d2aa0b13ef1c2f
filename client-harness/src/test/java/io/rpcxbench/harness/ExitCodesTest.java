package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.review.Thresholds;
import org.junit.jupiter.api.Test;

/** The exit code of several protocols' points: docs/harness.md's precedence. */
class ExitCodesTest {
  @Test
  void usageThenFailuresThenDropsThenContentionThenThresholds() {
    assertThat(HarnessCommand.worse(HarnessCommand.DROPPED, HarnessCommand.CALLS_FAILED))
        .isEqualTo(HarnessCommand.CALLS_FAILED);
    assertThat(HarnessCommand.worse(HarnessCommand.USAGE, HarnessCommand.DROPPED))
        .isEqualTo(HarnessCommand.USAGE);
    assertThat(HarnessCommand.worse(HarnessCommand.CONTENDED, HarnessCommand.DROPPED))
        .isEqualTo(HarnessCommand.DROPPED);
    assertThat(HarnessCommand.worse(HarnessCommand.OK, HarnessCommand.DROPPED))
        .isEqualTo(HarnessCommand.DROPPED);
    assertThat(HarnessCommand.worse(Thresholds.FAILED, HarnessCommand.DROPPED))
        .isEqualTo(HarnessCommand.DROPPED);
  }

  @Test
  void theSummaryExportNamesEveryDocumentedCode() {
    assertThat(SummaryExport.exitMeaning(0)).isEqualTo("ok");
    assertThat(SummaryExport.exitMeaning(1)).isEqualTo("failed");
    assertThat(SummaryExport.exitMeaning(2)).isEqualTo("usage");
    assertThat(SummaryExport.exitMeaning(3)).isEqualTo("dropped");
    assertThat(SummaryExport.exitMeaning(5)).isEqualTo("contended");
    assertThat(SummaryExport.exitMeaning(99)).isEqualTo("gate_failed");
    assertThat(SummaryExport.exitMeaning(42)).isEqualTo("other");
  }
}
