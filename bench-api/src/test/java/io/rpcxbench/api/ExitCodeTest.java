package io.rpcxbench.api;

import static org.assertj.core.api.Assertions.assertThat;

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

  @Test
  void theBundleHoldsTheListInPicocliKeys() {
    ResourceBundle b = ResourceBundle.getBundle("io.rpcxbench.api.ExitCodes");
    assertThat(b.getString("usage.exitCodeListHeading")).isEqualTo("Exit codes:%n");
    assertThat(b.getString("usage.exitCodeList.0")).isEqualTo("0:" + ExitCode.OK.meaning());
    assertThat(b.getString("usage.exitCodeList." + (ExitCode.values().length - 1)))
        .startsWith("143:");
  }
}
