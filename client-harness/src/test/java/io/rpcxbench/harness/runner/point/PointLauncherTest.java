package io.rpcxbench.harness.runner.point;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.testplugin.LineProtocol;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A point in a JVM of its own: the paper's method (every point starts cold). */
class PointLauncherTest {
  @TempDir Path work;

  @Test
  void aForkedPointRunsTheHarnessInANewJvmAndHandsOnItsLines() throws Exception {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      List<String> lines = Collections.synchronizedList(new ArrayList<>());
      PointLauncher.Forked forked =
          new PointLauncher.Forked(List.of(), List.of("-Xmx128m"), 120_000, new OwnProcesses(work));
      int code =
          forked.run(
              List.of(
                  "--protocol",
                  "line",
                  "--threads",
                  "1",
                  "--requests",
                  "3",
                  "--runs",
                  "2",
                  "--host",
                  "127.0.0.1",
                  "--port",
                  "line=" + server.port(),
                  "--out",
                  work.toString()),
              work.resolve("line/t1-r3.csv"),
              lines::add);
      assertThat(code).as(String.join("\n", lines)).isZero();
      assertThat(lines).anyMatch(l -> l.contains("order 1/2"));
      assertThat(PointResult.read(work.resolve("line/t1-r3.csv")).state())
          .isEqualTo(PointState.COMPLETE);
    }
  }

  @Test
  void aPointPastItsBackstopIsStoppedAndGetsTheBackstopCode() throws Exception {
    // the kernel completes the connection, nobody ever answers: the first call hangs
    try (java.net.ServerSocket silent =
        new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      List<String> lines = Collections.synchronizedList(new ArrayList<>());
      PointLauncher.Forked forked =
          new PointLauncher.Forked(List.of(), List.of("-Xmx64m"), 4_000, new OwnProcesses(work));
      int code =
          forked.run(
              List.of(
                  "--protocol",
                  "line",
                  "--threads",
                  "1",
                  "--requests",
                  "3",
                  "--runs",
                  "2",
                  "--host",
                  "127.0.0.1",
                  "--port",
                  "line=" + silent.getLocalPort(),
                  "--timeout",
                  "10m",
                  "--out",
                  work.toString()),
              work.resolve("line/t1-r3.csv"),
              lines::add);
      assertThat(code).isEqualTo(PointLauncher.BACKSTOP);
      assertThat(lines).contains("the point ran past its limit and grace; stopped from outside");
    }
  }
}
