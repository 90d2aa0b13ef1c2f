package io.rpcxbench.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestAuthorityMainTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return TestAuthorityMain.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void writesTheFiveFilesAndSaysWhichFlagTakesWhich(@TempDir Path dir) {
    Path tls = dir.resolve("tls");
    assertThat(run("--out", tls.toString(), "--name", "127.0.0.1", "--name", "hostb")).isZero();
    TlsFiles files = TlsFiles.in(tls);
    for (Path p :
        new Path[] {
          files.ca(), files.serverCert(), files.serverKey(), files.clientCert(), files.clientKey()
        }) {
      assertThat(p).isRegularFile();
    }
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("--tls-cert " + files.serverCert() + " --tls-key " + files.serverKey());
    // the files work: a server context from them
    assertThat(TlsContexts.server(files.serverCert(), files.serverKey(), files.ca())).isNotNull();
  }

  @Test
  void missingArgumentsAreUsageErrors(@TempDir Path dir) throws Exception {
    assertThat(run("--out", dir.toString())).isEqualTo(2);
    assertThat(run("--name", "x")).isEqualTo(2);
    assertThat(run("--bogus")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("Usage:");
    try (var listing = Files.list(dir)) {
      assertThat(listing).isEmpty();
    }
    assertThat(run("--help")).isZero();
  }

  /** The version line every jar of the project prints, exit 0; --help points to the exit codes. */
  @Test
  void versionIsTheProjectsOneLine() {
    assertThat(run("--version")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8).strip())
        .isEqualTo(io.rpcxbench.api.RpcxBenchVersion.line())
        .startsWith("rpcx-bench ");
    assertThat(run("--help")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("Exit codes: rpcx-bench help exit-codes");
  }
}
