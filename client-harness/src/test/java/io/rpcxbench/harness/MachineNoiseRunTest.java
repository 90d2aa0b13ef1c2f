package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.config.Instruments;
import io.rpcxbench.harness.measure.MachineNoise;
import io.rpcxbench.harness.measure.ProcProcessTree;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.server.rpcx.RpcxBenchServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --noise-guard} in real runs of the harness against a real RPCX server on loopback: the
 * columns in the raw file, and strict's exit code on a machine that a fake /proc tree says is
 * contended: PSI 92 % at load 42 on 2 CPUs, and a co-tenant process that uses 1.5 cores the whole
 * time (which counts even if this JVM's own threads fill both CPUs).
 */
class MachineNoiseRunTest {
  static final List<String> COLUMNS =
      List.of(
          "noise_load",
          "noise_cpu_pressure",
          "noise_steal",
          "noise_others_cores",
          "contended",
          "contended_why");

  @TempDir Path out;
  @TempDir Path proc;

  @Test
  void everyRunRecordsTheMachinesNoiseAndTheServersBytes() throws IOException {
    long pid = ProcessHandle.current().pid(); // the server runs in this JVM
    try (RpcxBenchServer server = RpcxBenchServer.start("127.0.0.1", 0)) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(point(server.port(), 50, "--server-pid", "rpcx=" + pid));

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = RawResultFile.read(out.resolve("rpcx/t2-r50.csv"));
      assertThat(c.problems()).isEmpty();
      assertThat(c.columns()).containsAll(COLUMNS).contains("server_bytes_in", "server_bytes_out");
      for (RunRow r : c.rows()) {
        assertThat(r.extra("contended")).hasValueSatisfying(v -> assertThat(v).isIn("0", "1"));
        assertThat(r.extra("noise_others_cores").orElseThrow()).matches("\\d+\\.\\d{3}");
        assertThat(r.extra("limited_by").orElseThrow())
            .isIn("client", "server", "link", "none", "contended");
        // 100 calls each way went through this process's sockets
        assertThat(Long.parseLong(r.extra("server_bytes_in").orElseThrow())).isPositive();
        assertThat(Long.parseLong(r.extra("server_bytes_out").orElseThrow())).isPositive();
      }
      assertThat(c.provenance())
          .containsEntry("noise_guard", "warn")
          .containsKeys("noise_rule", "contended_runs");
      assertThat(c.provenance().get("options")).contains("--noise-guard warn");
    }
  }

  @Test
  void strictExitsWith5AfterWritingAFileOfContendedRuns() throws Exception {
    writeContendedProc();
    cotenantTicks(0);
    AtomicBoolean running = new AtomicBoolean(true);
    Thread cotenant = new Thread(() -> useCores(1.5, running), "fake-cotenant");
    MachineNoise.procRoot = proc;
    try (RpcxBenchServer server = RpcxBenchServer.start("127.0.0.1", 0)) {
      cotenant.start();
      HarnessInvocation.Outcome o =
          // 10,000 calls: a run of at least ~0.2 s on a quiet box, so that the co-tenant's 1.5
          // cores are past the rule's 10 ticks (CI: 4,000 calls took 77 ms, 11 ticks, not
          // counted)
          HarnessInvocation.run(point(server.port(), 10_000, "--noise-guard", "strict"));

      assertThat(o.exitCode()).as(o.err()).isEqualTo(ExitCode.CONTENDED.code());
      RawContents c = RawResultFile.read(out.resolve("rpcx/t2-r10000.csv"));
      assertThat(c.problems()).isEmpty();
      assertThat(c.provenance())
          .containsEntry("status", "complete")
          .containsEntry("noise_guard", "strict")
          .containsEntry("contended_runs", "2")
          .containsEntry("noise_cpus", "2");
      for (RunRow r : c.rows()) {
        assertThat(r.extra("contended")).contains("1");
        assertThat(r.extra("limited_by")).contains("contended");
        assertThat(r.extra("contended_why").orElseThrow())
            .matches("(cpu pressure 92 %; )?(others \\d+\\.\\d cores)?(; )?(load 42.0 on 2 cpus)?")
            .isNotEmpty();
      }
      assertThat(o.err())
          .containsPattern(
              "(?m)^warning: run 1 ran on a contended machine \\([a-z0-9., %]+\\): its figures"
                  + " measure the box as much as the protocol$")
          .contains("--noise-guard strict: a kept run ran on a contended machine");
    } finally {
      running.set(false);
      cotenant.join();
      MachineNoise.procRoot = Instruments.PROC;
    }
  }

  @Test
  void aProcessNamedUnderTestIsNoOtherTenant() throws Exception {
    // the same busy co-tenant as above, but named by --own-pid: a lab's server with
    // --server-stats off, which the runner passes this way
    writeContendedProc();
    cotenantTicks(0);
    AtomicBoolean running = new AtomicBoolean(true);
    Thread cotenant = new Thread(() -> useCores(1.5, running), "fake-server-under-test");
    MachineNoise.procRoot = proc;
    try (RpcxBenchServer server = RpcxBenchServer.start("127.0.0.1", 0)) {
      cotenant.start();
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              point(server.port(), 10_000, "--noise-guard", "strict", "--own-pid", "300"));

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = RawResultFile.read(out.resolve("rpcx/t2-r10000.csv"));
      assertThat(c.provenance()).containsEntry("contended_runs", "0");
      assertThat(c.provenance().get("options")).contains("--own-pid 300");
      for (RunRow r : c.rows()) {
        assertThat(r.extra("contended")).contains("0");
        // the fake co-tenant's 1.5 cores are its own now: what is left is the two fake files'
        // writes a moment apart
        assertThat(Double.parseDouble(r.extra("noise_others_cores").orElseThrow())).isLessThan(0.5);
      }
    } finally {
      running.set(false);
      cotenant.join();
      MachineNoise.procRoot = Instruments.PROC;
    }
  }

  @Test
  void offReadsNothing() throws IOException {
    try (RpcxBenchServer server = RpcxBenchServer.start("127.0.0.1", 0)) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(point(server.port(), 50, "--noise-guard", "off"));

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = RawResultFile.read(out.resolve("rpcx/t2-r50.csv"));
      assertThat(c.columns()).doesNotContainAnyElementsOf(COLUMNS);
      assertThat(c.provenance())
          .containsEntry("noise_guard", "off")
          .doesNotContainKeys("contended_runs", "noise_rule");
    }
  }

  @Test
  void anUnknownGuardIsBadUsageNamingTheOption() {
    HarnessInvocation.Outcome o = HarnessInvocation.run(point(1, 50, "--noise-guard", "loud"));

    assertThat(o.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(o.err()).startsWith("error: --noise-guard loud: off, warn or strict\n");
    assertThat(out.resolve("rpcx")).doesNotExist();
  }

  /** 2 threads x {@code requests} calls, 2 runs. */
  private String[] point(int port, int requests, Object... more) {
    Object[] base = {
      "--protocol",
      "rpcx",
      "--port",
      "rpcx=" + port,
      "--threads",
      2,
      "--requests",
      requests,
      "--runs",
      2,
      "--out",
      out
    };
    Object[] all = new Object[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return args(all);
  }

  /** A co-tenant (pid 300) whose CPU time grows as if it used {@code cores} all along. */
  private void useCores(double cores, AtomicBoolean running) {
    long start = System.nanoTime();
    while (running.get()) {
      long ticks = (long) ((System.nanoTime() - start) / ProcProcessTree.NANOS_PER_TICK * cores);
      cotenantTicks(ticks);
      try {
        Thread.sleep(5); // the co-tenant's CPU time advances as the clock does
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** 2 CPUs at load 42, PSI's 10 s average 92 % (no total). */
  private void writeContendedProc() throws IOException {
    Files.createDirectories(proc.resolve("pressure"));
    Files.createDirectories(proc.resolve("300"));
    Files.writeString(proc.resolve("loadavg"), "42.00 40.00 30.00 3/300 999\n");
    Files.writeString(proc.resolve("pressure/cpu"), "some avg10=92.00 avg60=91.00 avg300=80.00\n");
  }

  /**
   * The co-tenant's stat and the machine's busy time with its ticks in, each replaced atomically
   * (the harness reads them meanwhile).
   */
  private void cotenantTicks(long ticks) {
    replace("300/stat", "300 (build) R 1 1 1 0 -1 0 0 0 0 0 " + ticks + " 0 0 0 20\n");
    replace(
        "stat",
        "cpu  "
            + (10 + ticks)
            + " 0 10 100 0 0 0 0 0 0\ncpu0 5 0 5 50 0 0 0 0 0 0\ncpu1 5 0 5 50 0 0 0 0 0 0\n");
  }

  private void replace(String file, String text) {
    try {
      Path next = Files.createTempFile(proc, "next", ".tmp");
      Files.writeString(next, text);
      Files.move(next, proc.resolve(file), StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
