package io.rpcxbench.runner.point;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.testplugin.LineProtocol;
import io.rpcxbench.testsupport.Await;
import java.nio.file.Path;
import java.time.Duration;
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
      int code = forked.run(linePoint(server.port()), work.resolve("line/t1-r3.csv"), lines::add);
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

  @Test
  void aJvmStartedAheadRunsThePointItIsHanded() throws Exception {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      PointLauncher.Forked forked =
          new PointLauncher.Forked(List.of(), List.of("-Xmx128m"), 120_000, new OwnProcesses(work));
      forked.prestart(List.of("--runs", "2"));
      List<Long> ahead = waitingJvms(1);
      assertThat(ahead).as("JVMs waiting for their arguments").hasSize(1);
      List<String> lines = Collections.synchronizedList(new ArrayList<>());
      List<Long> running = Collections.synchronizedList(new ArrayList<>());
      int code =
          forked.run(
              linePoint(server.port()),
              work.resolve("line/t1-r3.csv"),
              l -> {
                if (lines.isEmpty()) {
                  ProcessHandle.current().children().forEach(c -> running.add(c.pid()));
                }
                lines.add(l);
              });
      assertThat(code).as(String.join("\n", lines)).isZero();
      assertThat(running).as("the point's JVM is the one started ahead").isEqualTo(ahead);
      assertThat(PointResult.read(work.resolve("line/t1-r3.csv")).state())
          .isEqualTo(PointState.COMPLETE);
    }
  }

  @Test
  void aJvmStartedAheadForAPointThatNeverComesEndsWithStop() throws Exception {
    PointLauncher.Forked forked =
        new PointLauncher.Forked(List.of(), List.of("-Xmx64m"), 120_000, new OwnProcesses(work));
    forked.prestart(List.of());
    assertThat(waitingJvms(1)).hasSize(1);
    forked.stop();
    assertThat(waitingJvms(0)).isEmpty();
  }

  @Test
  void theColdMethodStartsNoJvmAhead() throws Exception {
    PointLauncher.Forked forked =
        new PointLauncher.Forked(List.of(), List.of("-Xmx64m"), 120_000, new OwnProcesses(work));
    long before = ProcessHandle.current().children().filter(ProcessHandle::isAlive).count();
    forked.prestart(List.of("--paper"));
    // a started child exists once start() returned, before it execs java
    assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive).count())
        .isEqualTo(before);
  }

  /** A point of 2 runs of 3 calls against the line server on {@code port}. */
  private List<String> linePoint(int port) {
    return List.of(
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
        "line=" + port,
        "--out",
        work.toString());
  }

  /**
   * The JVMs waiting for their arguments, once there are {@code expected} (a child execs java a
   * moment after it is started).
   */
  private static List<Long> waitingJvms(int expected) {
    Await.until(
        expected + " JVMs waiting for their arguments",
        Duration.ofSeconds(10),
        () -> waitingJvms().size() == expected);
    return waitingJvms();
  }

  private static List<Long> waitingJvms() {
    return ProcessHandle.current()
        .children()
        .filter(ProcessHandle::isAlive)
        .filter(PointLauncherTest::waitsForArguments)
        .map(ProcessHandle::pid)
        .toList();
  }

  private static boolean waitsForArguments(ProcessHandle c) {
    try {
      String cmdline =
          java.nio.file.Files.readString(java.nio.file.Path.of("/proc", c.pid() + "", "cmdline"));
      return java.util.Arrays.asList(cmdline.split("\0"))
          .contains(io.rpcxbench.harness.StdinArguments.OPTION);
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
