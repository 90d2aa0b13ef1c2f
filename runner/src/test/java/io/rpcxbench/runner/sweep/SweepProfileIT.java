package io.rpcxbench.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.runner.TestJars;
import io.rpcxbench.runner.link.LinkShapers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27, outcome 4: {@code rpcx-bench sweep --local --profile loopback,wan} runs every point on
 * the link as it is and again through a link-shaper with the WAN profile's delay: two files per
 * point, the profile in the name and the provenance, and the WAN's calls at least its round trip.
 * {@code --paper}, as sweep.sh passes it: a steady warm-up per point would only add seconds.
 */
class SweepProfileIT {
  @TempDir Path work;

  @Test
  void everyPointRunsOnEachProfileAndTheWanPointsCrossTheWan() throws Exception {
    Path jar = TestJars.fatJar();
    Path home =
        TestJars.homeWithServers(jar, "server-rpcx/target/server-rpcx.jar", LinkShapers.JAR);
    Path out = work.resolve("raw");
    Path log = work.resolve("console.txt");
    Process p =
        TestJars.rpcxBench(
                jar,
                home,
                log,
                List.of(
                    "sweep",
                    "--local",
                    "--profile",
                    "loopback,wan",
                    "--in-process",
                    "--protocol",
                    "rpcx",
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
                    "-Xmx128m -XX:+UseSerialGC"))
            .start();
    TestJars.awaitEnd(p);
    String console = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(console).isZero();
    assertThat(console).contains("link-shaper wan (pid ").contains("[2/2] rpcx t2 r10 wan");

    RawContents loopback = RawResultFile.read(out.resolve("rpcx/t2-r10.csv"));
    assertThat(loopback.provenance())
        .containsEntry("status", "complete")
        .containsEntry("network_profile", "loopback")
        .doesNotContainKey("link_shaper");
    RawContents wan = RawResultFile.read(out.resolve("rpcx/wan-t2-r10.csv"));
    assertThat(wan.provenance())
        .containsEntry("status", "complete")
        .containsEntry("network_profile", "wan")
        .containsKey("link_shaper");
    // the shaper's delay as calibrated against its own cost (20 ms less what it adds itself)
    assertThat(wan.provenance().get("link_shaper")).contains("profile wan").contains(" delay=");
    assertThat(wan.provenance())
        .containsEntry("link", "proxy")
        .containsEntry("link_note", "TCP terminated at a proxy: no loss, no TCP dynamics")
        .containsKey("link_calibration");
    assertThat(wan.provenance())
        .containsKey("link_rtt_check")
        .containsEntry("link_rtt_expected_added_ms", "40.000");
    assertThat(Double.parseDouble(wan.provenance().get("link_rtt_measured_ms"))).isGreaterThan(30);
    assertThat(wan.rows()).hasSize(2);
    // 20 ms each way: no call across the WAN can be quicker than 2 x 20 ms less the jitter's tail
    for (var row : wan.rows()) {
      assertThat(row.p50Us()).isGreaterThan(30_000);
    }
  }

  @Test
  void aProfileOnlyPacketsCanMakeIsRefusedInOneLine() throws Exception {
    Path jar = TestJars.fatJar();
    Path home = jar.getParent().getParent().getParent();
    Path log = work.resolve("refused.txt");
    Process p =
        TestJars.rpcxBench(
                jar,
                home,
                log,
                List.of("sweep", "--local", "--profile", "wan,lossy", "--out", work.toString()))
            .start();
    TestJars.awaitEnd(p);
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(Files.readString(log))
        .contains("--profile lossy needs packet loss, which only a packet link does");
  }
}
