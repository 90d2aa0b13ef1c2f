package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.ExitCode;
import org.junit.jupiter.api.Test;

/** The exit code of several protocols' points: docs/harness.md's precedence. */
class ExitCodesTest {
  @Test
  void usageThenFailuresThenDropsThenContentionThenThresholds() {
    assertThat(PointRun.worse(ExitCode.DROPPED.code(), ExitCode.FAILED.code()))
        .isEqualTo(ExitCode.FAILED.code());
    assertThat(PointRun.worse(ExitCode.USAGE.code(), ExitCode.DROPPED.code()))
        .isEqualTo(ExitCode.USAGE.code());
    assertThat(PointRun.worse(ExitCode.CONTENDED.code(), ExitCode.DROPPED.code()))
        .isEqualTo(ExitCode.DROPPED.code());
    assertThat(PointRun.worse(ExitCode.OK.code(), ExitCode.DROPPED.code()))
        .isEqualTo(ExitCode.DROPPED.code());
    assertThat(PointRun.worse(ExitCode.GATE_FAILED.code(), ExitCode.DROPPED.code()))
        .isEqualTo(ExitCode.DROPPED.code());
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
