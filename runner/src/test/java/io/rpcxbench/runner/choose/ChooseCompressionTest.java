package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code choose --compression}: the harness's own group, mixed in; every probe of every candidate
 * gets it, and a candidate whose stack has no such codec is refused before any server starts.
 */
class ChooseCompressionTest {
  @TempDir Path dir;

  @Test
  void everyProbeGetsTheCompression() {
    ChooseSettings s =
        ChooseArgs.settings(
            dir,
            "--local",
            "--protocol",
            "grpc,http-json",
            "--slo",
            "p99=50ms",
            "--compression",
            "gzip");
    assertThat(s.target().harnessOptions()).containsSubsequence("--compression", "gzip");
    ChooseSettings none =
        ChooseArgs.settings(dir, "--local", "--protocol", "grpc,http-json", "--slo", "p99=50ms");
    assertThat(none.target().harnessOptions()).doesNotContain("--compression");
  }

  @Test
  void aCandidateWithoutTheCodecIsRefusedBeforeAnyWork() {
    assertThatThrownBy(
            () ->
                ChooseArgs.settings(
                    dir,
                    "--local",
                    "--protocol",
                    "grpc,rpcx",
                    "--slo",
                    "p99=50ms",
                    "--compression",
                    "gzip"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessageContaining("--compression gzip: protocol rpcx has no compression in its stack");
  }
}
