package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class StdinArgumentsTest {
  @Test
  void argumentsGoThroughWholeWithSpacesQuotesAndUnicode() throws IOException {
    List<String> args = List.of("--protocol", "rpcx", "--provenance", "k=a b 'c' \"d\" é", "");
    byte[] wire = StdinArguments.encode(args);
    assertThat(StdinArguments.read(new ByteArrayInputStream(wire))).isEqualTo(args);
  }

  @Test
  void noInputIsNoArguments() throws IOException {
    assertThat(StdinArguments.read(new ByteArrayInputStream(new byte[0]))).isEmpty();
  }

  @Test
  void aCutInputOrAnArgumentWithANulIsRefused() {
    assertThatThrownBy(
            () -> StdinArguments.read(new ByteArrayInputStream("--threads\08".getBytes())))
        .hasMessageContaining("without a NUL");
    assertThatThrownBy(() -> StdinArguments.encode(List.of("a\0b")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                StdinArguments.read(
                    new ByteArrayInputStream(new byte[StdinArguments.MAX_BYTES + 1])))
        .hasMessageContaining("over");
  }
}
