package io.rpcxbench.runner.handshake;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.runner.TestJars;
import io.rpcxbench.runner.point.RunTls;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27: {@code rpcx-bench handshake} measures a new connection's cost apart from steady calls,
 * plaintext and over TLS (full handshakes, and sessions resumed across clients), from the real
 * server jar: every round of every mode in handshake.tsv with its histogram, the TLS rounds with
 * their negotiated session and resumed connects, and the summary table.
 */
class HandshakeIT {
  @TempDir Path work;

  @Test
  void connectsPerSecondPlaintextAndOverTls() throws Exception {
    Path jar = TestJars.fatJar();
    Path home = TestJars.homeWithServers(jar, "server-rpcx/target/server-rpcx.jar", RunTls.JAR);
    Path out = work.resolve("handshake");
    Path log = work.resolve("console.txt");
    Process p =
        TestJars.rpcxBench(
                jar,
                home,
                log,
                List.of(
                    "handshake",
                    "--protocol",
                    "rpcx",
                    "--tls",
                    "off,tls",
                    "--connects",
                    "20",
                    "--warmup",
                    "5",
                    "--rounds",
                    "2",
                    "--out",
                    out.toString(),
                    "--server-jvm-flags",
                    "-Xmx128m -XX:+UseSerialGC"))
            .start();
    TestJars.awaitEnd(p);
    String console = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(console).isZero();
    assertThat(console)
        .contains(
            "| protocol | tls | sessions | connects/s | connect p50 µs | connect p99 µs | resumed"
                + " | session |")
        .containsPattern(
            "\\| rpcx \\| off \\| full \\| [0-9]+ \\([0-9]+-[0-9]+\\) \\|.*\\| - \\| plaintext \\|")
        .containsPattern(
            "\\| rpcx \\| tls \\| full \\| [0-9]+ \\([0-9]+-[0-9]+\\) \\|.*\\| 0/40 \\| TLS")
        .containsPattern(
            "\\| rpcx \\| tls \\| resumed \\| [0-9]+ \\([0-9]+-[0-9]+\\) \\|.*\\| 40/40 \\| TLS");
    List<String> rows = Files.readAllLines(out.resolve("handshake.tsv"));
    assertThat(rows.get(1)).startsWith("round\tprotocol\ttls\tsessions\tconnects");
    assertThat(rows.subList(2, rows.size())).hasSize(6); // off full, tls full, tls resumed
    assertThat(rows.subList(2, rows.size()))
        .anyMatch(r -> r.startsWith("2\trpcx\ttls\tfull\t20\t") && r.contains("\t0\tTLS"))
        .anyMatch(r -> r.startsWith("2\trpcx\ttls\tresumed\t20\t") && r.contains("\t20\tTLS"));
  }

  @Test
  void aProtocolWithoutTlsIsRefusedInOneLine() throws Exception {
    Path jar = TestJars.fatJar();
    Path log = work.resolve("refused.txt");
    Process p =
        TestJars.rpcxBench(
                jar,
                work,
                log,
                List.of("handshake", "--protocol", "no-such", "--out", work.toString()))
            .start();
    TestJars.awaitEnd(p);
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(Files.readString(log)).contains("--protocol: unknown protocol 'no-such'");
  }
}
