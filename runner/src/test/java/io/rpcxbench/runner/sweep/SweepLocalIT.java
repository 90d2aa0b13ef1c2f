package io.rpcxbench.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.runner.TestJars;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end as users run it: {@code rpcx-bench sweep --local} from the fat jar starts the rpcx and
 * gRPC servers from their jars on free ports of loopback, runs every point in a JVM of its own,
 * writes the files and stops the servers. {@code --paper}, as sweep.sh passes it: no steady warm-up
 * per point, which would only add seconds to a test of behaviour.
 */
class SweepLocalIT {
  @TempDir Path work;

  @Test
  void aSmallSweepWithTwoRealProtocolsOnLoopback() throws Exception {
    Path jar = TestJars.fatJar();
    Path home =
        TestJars.homeWithServers(
            jar, "server-rpcx/target/server-rpcx.jar", "server-grpc/target/server-grpc.jar");
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
                "--protocol",
                "rpcx,grpc",
                "--threads",
                "2",
                "--requests",
                "10,20",
                "--runs",
                "2",
                "--paper",
                "--out",
                out.toString(),
                "--server-jvm-flags",
                "-Xmx128m -XX:+UseSerialGC",
                "--summary-export",
                work.resolve("summary.json").toString()));
    Process p = pb.start();
    TestJars.awaitEnd(p);
    String console = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(console).isZero();
    assertThat(console)
        .contains("server of rpcx ready on 127.0.0.1:", "server of grpc ready on 127.0.0.1:")
        .contains("[4/4] grpc t2 r20: complete (exit 0)")
        .contains("sweep done: 4 points, 4 run, 0 skipped, 0 failed")
        .contains("servers stopped");
    for (String f :
        List.of("rpcx/t2-r10.csv", "rpcx/t2-r20.csv", "grpc/t2-r10.csv", "grpc/t2-r20.csv")) {
      RawContents c = RawResultFile.read(out.resolve(f));
      assertThat(c.provenance())
          .as(f)
          .containsEntry("status", "complete")
          .containsEntry("server_jvm_flags", "-Xmx128m -XX:+UseSerialGC")
          .containsEntry("jvm_flags", "-Xmx128m")
          .containsKey("server_cpu");
      assertThat(c.rows()).as(f).hasSize(2);
    }
    assertThat(out.resolve("sweep.pids")).doesNotExist();
    // --summary-export: the sweep's points as report export's JSON, each with its intervals
    assertThat(console).contains("summary: " + work.resolve("summary.json"));
    var summary =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(work.resolve("summary.json").toFile());
    assertThat(summary.get("schema_version").asInt()).isEqualTo(1);
    assertThat(summary.get("points")).hasSize(4);
  }
}
