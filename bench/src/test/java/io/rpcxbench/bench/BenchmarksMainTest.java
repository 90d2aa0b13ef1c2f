package io.rpcxbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.RpcxBenchVersion;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BenchmarksMainTest {
  @Test
  void versionIsTheProjectsOneLineAndEverythingElseIsJmhs() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
    assertThat(BenchmarksMain.version(new String[] {"--version"}, print)).isTrue();
    assertThat(out.toString(StandardCharsets.UTF_8).strip()).isEqualTo(RpcxBenchVersion.line());
    assertThat(BenchmarksMain.version(new String[] {"-l"}, print)).isFalse();
    assertThat(BenchmarksMain.version(new String[] {"--version", "-l"}, print)).isFalse();
  }
}
