package io.rpcxbench.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.runner.TestJars;
import io.rpcxbench.runner.point.RunTls;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27: {@code rpcx-bench sweep --local --tls mtls} makes a test authority for the run, starts
 * the servers with TLS and client certificates required, and the harness calls over mTLS: the
 * point's identity says so (its file name and {@code tls} key) and the file records the session.
 */
class SweepTlsIT {
  @TempDir Path work;

  @Test
  void aSweepOverMutualTlsWithTwoRealProtocols() throws Exception {
    Path jar = TestJars.fatJar();
    Path home =
        TestJars.homeWithServers(
            jar,
            "server-rpcx/target/server-rpcx.jar",
            "server-grpc/target/server-grpc.jar",
            RunTls.JAR);
    Path out = work.resolve("raw");
    Path log = work.resolve("console.txt");
    ProcessBuilder pb =
        TestJars.rpcxBench(
            jar,
            home,
            log,
            List.of(
                "sweep",
                "--local",
                "--tls",
                "mtls",
                "--in-process",
                "--protocol",
                "rpcx,grpc",
                "--threads",
                "2",
                "--requests",
                "10",
                "--runs",
                "2",
                "--paper",
                "--out",
                out.toString(),
                "--server-jvm-flags",
                "-Xmx128m -XX:+UseSerialGC"));
    Process p = pb.start();
    TestJars.awaitEnd(p);
    String console = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(console).isZero();
    assertThat(console).contains("TLS (mtls): a test authority made for this run in ");
    assertThat(out.resolve("tls/ca.pem")).exists();
    for (String f : List.of("rpcx/mtls-t2-r10.csv", "grpc/mtls-t2-r10.csv")) {
      RawContents c = RawResultFile.read(out.resolve(f));
      assertThat(c.provenance())
          .as(f)
          .containsEntry("status", "complete")
          .containsEntry("tls", "mtls")
          .containsKey("tls_session");
      assertThat(c.provenance().get("tls_session")).as(f).startsWith("TLS");
      assertThat(c.rows()).as(f).hasSize(2);
    }
  }

  @Test
  void tlsWithServersStartedElsewhereIsRefusedInOneLine() throws Exception {
    Path jar = TestJars.fatJar();
    Path log = work.resolve("refused.txt");
    Process p =
        TestJars.rpcxBench(
                jar,
                work,
                log,
                List.of("sweep", "--host", "127.0.0.1", "--tls", "tls", "--out", work.toString()))
            .start();
    TestJars.awaitEnd(p);
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(Files.readString(log))
        .contains("--tls starts the servers with TLS: it needs --local");
  }
}
