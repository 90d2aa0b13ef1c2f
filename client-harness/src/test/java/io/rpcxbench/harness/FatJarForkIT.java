package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.server.grpc.GrpcBenchServer;
import io.rpcxbench.server.rpcx.RpcxBenchServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fat jar as users run it, with two protocols: it forks one JVM per protocol (same flags), its
 * Spring context starts from the shaded jar, and both raw files are written. {@code --paper}: a
 * steady warm-up in each fork would only add seconds to a test of behaviour.
 */
class FatJarForkIT {
  @TempDir Path work;

  @Test
  void twoProtocolsRunInTwoForkedJvmsAndWriteTwoFiles() throws Exception {
    Path jar = Path.of(System.getProperty("fatJar", "target/client-harness.jar"));
    assertThat(jar).exists();
    Path out = work.resolve("raw");
    try (GrpcBenchServer grpc = GrpcBenchServer.start("127.0.0.1", 0, false);
        RpcxBenchServer rpcx = RpcxBenchServer.start("127.0.0.1", 0)) {
      Path stdout = work.resolve("stdout.txt");
      Path stderr = work.resolve("stderr.txt");
      Process p =
          new ProcessBuilder(
                  javaBinary(),
                  "-Xmx256m",
                  "-Drpcxbench.it=yes",
                  "-jar",
                  jar.toString(),
                  "--protocol",
                  "grpc,rpcx",
                  "--threads",
                  "2",
                  "--requests",
                  "10",
                  "--runs",
                  "2",
                  "--paper",
                  "--port",
                  "grpc=" + grpc.port(),
                  "--port",
                  "rpcx=" + rpcx.port(),
                  "--out",
                  out.toString())
              .redirectOutput(stdout.toFile())
              .redirectError(stderr.toFile())
              .start();
      boolean done = p.waitFor(170, TimeUnit.SECONDS);
      if (!done) {
        p.destroyForcibly();
      }
      String err = Files.readString(stderr, StandardCharsets.UTF_8);
      assertThat(done).as("harness finished; stderr:%n%s", err).isTrue();
      assertThat(p.exitValue()).as(err).isEqualTo(0);

      assertThat(err)
          .contains("grpc: forking a JVM of its own")
          .contains("rpcx: forking a JVM of its own");
      for (Protocol protocol : List.of(Protocol.parse("grpc"), Protocol.parse("rpcx"))) {
        RawContents c =
            RawFileChecks.checkComplete(
                out.resolve(protocol.id()).resolve("t2-r10.csv"), protocol, 2, 10, 2, 20);
        // The worker JVM got the parent's flags.
        assertThat(c.provenance().get("jvm_flags")).contains("-Xmx256m", "-Drpcxbench.it=yes");
      }
      assertThat(Files.readString(stdout, StandardCharsets.UTF_8))
          .containsPattern("(?m)^grpc\\s+2\\s+10\\s+2\\s+20\\s+0\\s")
          .containsPattern("(?m)^rpcx\\s+2\\s+10\\s+2\\s+20\\s+0\\s");
    }
  }

  private static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
