package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.Instruments;
import io.rpcxbench.harness.measure.CgroupStatsTest;
import io.rpcxbench.harness.measure.ProcProcessTree;
import io.rpcxbench.harness.measure.ProcessStats;
import io.rpcxbench.harness.measure.SshProcessStats;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.testplugin.ScriptedProtocol;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the server's CPU and memory come from: --server-cgroup, --server-ssh, --server-pid. */
class ServerSourcesTest {
  @TempDir Path out;
  @TempDir Path cgroups;

  @Test
  void aCgroupIsMeasuredAndRecordedInTheProvenance() throws IOException {
    List<Path> dirs = CgroupStatsTest.fakeV1(cgroups, "cpuacct");
    Path mem = dirs.get(0);
    Path cpu = dirs.get(1);
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server()) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "scripted",
                  "--port",
                  "scripted=" + server.port(),
                  "--threads",
                  2,
                  "--requests",
                  20,
                  "--runs",
                  2,
                  "--server-cgroup",
                  mem,
                  "--server-cgroup",
                  cpu,
                  "--out",
                  out));

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = RawResultFile.read(out.resolve("scripted").resolve("t2-r20.csv"));
      for (RunRow r : c.rows()) {
        assertThat(r.extra("server_cpu_s")).contains("0.000"); // a fake cgroup does not move
        assertThat(r.extra("server_processes")).contains("1");
        assertThat(r.extra("harness_limited")).isPresent();
      }
      assertThat(c.provenance().get("server")).contains("cgroup " + cpu, mem.toString());
      assertThat(c.provenance()).containsEntry("server_rss_peak_since", "run");
      assertThat(c.provenance().get("options"))
          .contains("--server-cgroup " + mem + " --server-cgroup " + cpu);
      assertThat(mem.resolve("memory.max_usage_in_bytes")).hasContent("0"); // reset per run
    }
  }

  @Test
  void sourcesThatDoNotGoTogetherAreUsageErrors() throws IOException {
    Path v2 = Files.createDirectories(cgroups.resolve("b"));
    Files.writeString(v2.resolve("cpu.stat"), "usage_usec 1\n");
    Files.writeString(v2.resolve("memory.current"), "1\n");
    long self = ProcessHandle.current().pid();
    assertThat(usageError("--server-cgroup", v2, "--server-pid", self))
        .contains("--server-cgroup and --server-pid are two ways to measure the server");
    assertThat(usageError("--server-ssh", "me@b"))
        .contains("--server-ssh me@b needs --server-pid (the server's pid on that host)");
    assertThat(usageError("--server-ssh", "-oProxyCommand=x", "--server-pid", 1))
        .contains("--server-ssh -oProxyCommand=x: not an ssh destination");
    assertThat(usageError("--server-cgroup", cgroups.resolve("none")))
        .contains("none: no such folder");
  }

  @Test
  void pidsOnAnotherHostAreReadOverSshAndNotLookedForHere() {
    Instruments i = new Instruments(Map.of("grpc", List.of(999_999_999L)), "me@b", List.of(), null);
    i.validate(List.of(Protocol.parse("grpc"))); // no such pid here: not checked
    assertThat(ProcessStats.of(i, Protocol.parse("grpc")))
        .isInstanceOf(SshProcessStats.class)
        .extracting(ProcessStats::describe)
        .asString()
        .startsWith("pid 999999999 and descendants on me@b, via ssh");
    assertThat(ProcessStats.of(i, Protocol.parse("rpcx"))).isNull();
    List<String> args = new ArrayList<>();
    i.addArgs(args);
    assertThat(args)
        .containsExactly(
            "--server-pid", "grpc=999999999", "--server-ssh", "me@b", "--noise-guard", "off");
    assertThat(
            ProcessStats.of(new Instruments(Map.of("", List.of(1L)), null), Protocol.parse("rpcx")))
        .isInstanceOf(ProcProcessTree.class);
  }

  private String usageError(Object... options) {
    List<Object> all =
        new ArrayList<>(
            List.of(
                "--protocol",
                "scripted",
                "--port",
                "scripted=1",
                "--threads",
                1,
                "--requests",
                1,
                "--out",
                out));
    all.addAll(List.of(options));
    HarnessInvocation.Outcome o = HarnessInvocation.run(args(all.toArray()));
    assertThat(o.exitCode()).as(o.err()).isEqualTo(2);
    return o.err();
  }
}
