package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code choose --across}: a map's conditions become the profiles the choose runs across. */
class ChooseAcrossTest {
  @TempDir Path dir;

  @Test
  void theGridIsTheProfilesEachConditionDerivedFromTheBase() {
    ChooseSettings s =
        ChooseArgs.settings(
            dir,
            "--local",
            "--protocol",
            "rpcx,thrift",
            "--slo",
            "p99=50ms",
            "--profile",
            "lan",
            "--across",
            "rtt=1ms,10ms");
    assertThat(s.target().site().profiles()).containsExactly("lan+rtt=1ms", "lan+rtt=10ms");
    assertThat(s.across("lan+rtt=10ms").out()).isEqualTo(dir.resolve("lan+rtt=10ms"));
  }

  @Test
  void lossThroughTheProxyAndSeveralBasesAreRefusedNamingWhy() {
    assertThatThrownBy(
            () ->
                ChooseArgs.settings(
                    dir,
                    "--local",
                    "-p",
                    "rpcx,thrift",
                    "--slo",
                    "p99=5ms",
                    "--across",
                    "loss=0%,1%"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessageContaining("needs packet loss, which only a packet link does");
    assertThatThrownBy(
            () ->
                ChooseArgs.settings(
                    dir,
                    "--local",
                    "-p",
                    "rpcx,thrift",
                    "--slo",
                    "p99=5ms",
                    "--profile",
                    "lan,wan",
                    "--across",
                    "rtt=1ms"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessageContaining("--across with several --profile names");
  }
}
