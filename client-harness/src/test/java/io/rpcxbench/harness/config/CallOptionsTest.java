package io.rpcxbench.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.harness.protocol.CallKind;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class CallOptionsTest {
  @Command(name = "host")
  static final class Host {
    @Mixin CallOptions call = new CallOptions();
  }

  private static CallOptions parsed(String... args) {
    Host h = new Host();
    new CommandLine(h).parseArgs(args);
    return h.call;
  }

  @Test
  void aPointsCallIsWrittenByItsOneWriterWithWhatWasGiven() {
    Call echo = parsed("--call", "echo", "--payload", "1024").call(CallKind.HELLO);
    assertThat(echo.args()).containsExactly("--call", "echo", "--payload", "1024");
    assertThat(echo.label()).isEqualTo("echo 1024 B");
    Call items = parsed("--call", "ITEMS", "--items", "10").call(CallKind.HELLO);
    assertThat(items.args()).containsExactly("--call", "items", "--items", "10");
    assertThat(items.label()).isEqualTo("items(10)");
    assertThat(parsed().call(CallKind.HELLO)).isEqualTo(Call.HELLO);
    assertThat(parsed().call(CallKind.MESSAGE).kind()).isEqualTo(CallKind.MESSAGE);
  }

  @Test
  void aSweepTakesSeveralSizesAsItsDimensionAndAPointOne() {
    CallOptions several = parsed("--call", "echo", "--payload", "0,1024");
    assertThat(several.payloads()).containsExactly(0, 1024);
    assertThat(several.sharedCall().args()).containsExactly("--call", "echo");
    assertThatThrownBy(() -> several.call(CallKind.HELLO))
        .hasMessage(
            "--payload 0,1024: one point takes one value (a sweep takes several, one point each)");
  }

  @Test
  void aSizeOrCountTheCallDoesNotUseOrBelowZeroIsRefused() {
    assertThatThrownBy(() -> parsed("--payload", "256").call(CallKind.HELLO))
        .hasMessageContaining("--payload is unused by --call hello (the default call)");
    assertThatThrownBy(() -> parsed("--call", "echo", "--items", "3").sharedCall())
        .hasMessageContaining("--items is unused by --call echo: give --call items with it");
    assertThatThrownBy(() -> parsed("--call", "echo", "--payload", "-1").call(CallKind.HELLO))
        .hasMessageStartingWith("--payload must be between 0 and");
    assertThatThrownBy(() -> parsed("--call", "nope"))
        .hasMessageContaining("'nope' is not hello, echo, put, items or message");
  }
}
