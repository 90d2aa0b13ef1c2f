package io.rpcxbench.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RpcxBenchVersionTest {
  @Test
  void theLineNamesTheProjectsVersionAndTheCommitTheBuildBakedIn() {
    assertThat(RpcxBenchVersion.version()).matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    assertThat(RpcxBenchVersion.commit()).matches("[0-9a-f]{7,40}(-dirty)?|unknown");
    assertThat(RpcxBenchVersion.line())
        .isEqualTo(
            "rpcx-bench "
                + RpcxBenchVersion.version()
                + " (commit "
                + RpcxBenchVersion.commit()
                + ")");
  }
}
