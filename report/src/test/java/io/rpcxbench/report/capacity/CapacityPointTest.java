package io.rpcxbench.report.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import io.rpcxbench.report.archive.UnpackedMeasurements;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code capacity-point}: the points.tsv line of a bench/capacity.sh point. The file-derived
 * columns agree with the lines the script's awk wrote for the committed measurement
 * (measurements/capacity-2026-11-25.tar.xz, unpacked; skipped when the archive is not here); the
 * cgroup columns come from before/after snapshots of either cgroup version, beside one point's raw
 * file of that measurement kept as a fixture (src/test/resources/capacity/).
 */
class CapacityPointTest {
  /** grpc at quota 0.2, in flight 16, of raw-a: one raw file of the measurement, 17 KB. */
  private static final Path ONE_POINT =
      Path.of("src/test/resources/capacity/inflight-n16-r34477.csv");

  /** The columns computed from the raw file alone (the awk's; its snapshots were not kept). */
  private static final int[] FROM_THE_FILE = {0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 15, 16};

  private static final int CALLS_PER_SERVER_READ =
      CapacityPoint.COLUMNS.indexOf("calls_per_server_read");

  @Test
  void theFileColumnsAgreeWithTheCommittedMeasurement() throws IOException {
    int compared = 0;
    for (String group : List.of("raw-a", "raw-b")) {
      Path root = UnpackedMeasurements.of("capacity-2026-11-25").resolve(group);
      List<String> lines = Files.readAllLines(root.resolve("points.tsv"));
      assertThat(lines.get(0)).isEqualTo(String.join("\t", CapacityPoint.COLUMNS));
      for (String line : lines.subList(1, lines.size())) {
        if (line.startsWith("#")) {
          continue; // the sizing run: its folder was renamed after the line was written
        }
        String[] want = line.split("\t", -1);
        Path file = Path.of(want[16]);
        Path folder = root.resolve(file.subpath(0, 2));
        String[] got =
            CapacityPoint.read(folder, Integer.parseInt(want[15]), root).tsvLine().split("\t", -1);
        // gRPC's servers read with recv (Netty's native epoll): the awk divided calls by their
        // few counted reads (4,496-8,718 calls a read); the rule now shows no figure
        if (want[0].startsWith("grpc")) {
          want[CALLS_PER_SERVER_READ] = "-";
        }
        for (int column : FROM_THE_FILE) {
          assertThat(got[column])
              .as("%s %s: %s", group, want[16], CapacityPoint.COLUMNS.get(column))
              .isEqualTo(want[column]);
        }
        // the runs' largest load and CPU pressure, between the before and after readings
        assertThat(got[13].split("/")[1]).isEqualTo(want[13].split("/")[1]);
        assertThat(got[14].split("/")[1]).isEqualTo(want[14].split("/")[1]);
        compared++;
      }
    }
    assertThat(compared).isEqualTo(64);
  }

  @Test
  void cgroupV1SnapshotsGiveTheJvmsCoresAndTheThrottling(@TempDir Path out) throws IOException {
    Path point = copyOnePoint(out);
    snapshot(
        point.resolve("before"),
        "nr_periods 1000\nnr_throttled 100\nthrottled_time 5000000\n",
        "7000000000",
        "100.5",
        "2.50 2.10 1.90 3/200 999",
        PSI_A);
    snapshot(
        point.resolve("after"),
        "nr_periods 3000\nnr_throttled 1900\nthrottled_time 905000000\n",
        "11000000000",
        "120.5",
        "1.75 2.00 1.90 2/201 1000",
        PSI_B);
    String[] got = columns(point, out);
    assertThat(got[7]).as("cgroup cores: 4 s of CPU over 20 s").isEqualTo("0.200");
    assertThat(got[11]).as("throttled share: 1800 of 2000 periods").isEqualTo("0.90");
    assertThat(got[12]).as("throttled ms: 900 ms more").isEqualTo("900.0");
    assertThat(got[13]).startsWith("2.50/").endsWith("/1.75");
    assertThat(got[14]).startsWith("12.34/").endsWith("/0.50");
  }

  @Test
  void cgroupV2SnapshotsReadTheirOwnFieldsInAnyLocale(@TempDir Path out) throws IOException {
    Path point = copyOnePoint(out);
    snapshot(
        point.resolve("before"),
        "usage_usec 1000000\nuser_usec 900000\nsystem_usec 100000\nnr_periods 10\nnr_throttled 5\nthrottled_usec 2500\n",
        null,
        "10",
        "0.10 0.20 0.30 1/2 3",
        null);
    snapshot(
        point.resolve("after"),
        "usage_usec 4000000\nuser_usec 3000000\nsystem_usec 1000000\nnr_periods 20\nnr_throttled 6\nthrottled_usec 4000\n",
        null,
        "20",
        "0.40 0.20 0.30 1/2 3",
        null);
    Locale was = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      String[] got = columns(point, out);
      assertThat(got[7]).isEqualTo("0.300");
      assertThat(got[11]).isEqualTo("0.10");
      assertThat(got[12]).isEqualTo("1.5");
      assertThat(got[14]).as("no PSI on this kernel").startsWith("-/").endsWith("/-");
      assertThat(String.join("\t", got)).doesNotContain(",");
    } finally {
      Locale.setDefault(was);
    }
  }

  @Test
  void withoutSnapshotsTheCgroupColumnsAreADash(@TempDir Path out) throws IOException {
    String[] got = columns(copyOnePoint(out), out);
    assertThat(List.of(got[7], got[11], got[12])).containsOnly("-");
    assertThat(got[13]).startsWith("-/").endsWith("/-");
  }

  @Test
  void theCommandPrintsTheHeaderOrOneLineAndRefusesWithOneLine(@TempDir Path out)
      throws IOException {
    Cli.Result header = Cli.run("capacity-point", "--header");
    assertThat(header.exit()).isZero();
    assertThat(header.out()).isEqualTo(String.join("\t", CapacityPoint.COLUMNS) + "\n");
    Path point = copyOnePoint(out);
    Cli.Result line =
        Cli.run("capacity-point", point.toString(), "--exit", "3", "--relative-to", out.toString());
    assertThat(line.exit()).as(line.err()).isZero();
    assertThat(line.out())
        .startsWith("grpc\t0.2\t16\t0-1\t5552\t")
        .endsWith("\t3\t" + Path.of("grpc/q0.2-n16/grpc/inflight-n16-r34477.csv") + "\n");
    Cli.Result empty = Cli.run("capacity-point", out.resolve("nothing").toString());
    assertThat(empty.exit()).isEqualTo(1);
    assertThat(empty.err().lines().toList()).hasSize(1);
    assertThat(Cli.run("capacity-point").exit()).isEqualTo(2);
    assertThat(Cli.run("capacity-point", point.toString(), "--header").exit()).isEqualTo(2);
  }

  private static final String PSI_A =
      "some avg10=12.34 avg60=1.00 avg300=0.50 total=100\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
  private static final String PSI_B = "some avg10=0.50 avg60=1.00 avg300=0.50 total=200\n";

  private static String[] columns(Path point, Path out) throws IOException {
    return CapacityPoint.read(point, 0, out).tsvLine().split("\t", -1);
  }

  /** grpc at quota 0.2, in flight 16, of raw-a, copied without its snapshots. */
  private static Path copyOnePoint(Path out) throws IOException {
    Path from = ONE_POINT;
    Path to = out.resolve("grpc/q0.2-n16/grpc/inflight-n16-r34477.csv");
    Files.createDirectories(to.getParent());
    Files.copy(from, to);
    return out.resolve("grpc/q0.2-n16");
  }

  private static void snapshot(
      Path folder, String cpuStat, String cpuacctUsage, String epoch, String loadavg, String psi)
      throws IOException {
    Files.createDirectories(folder);
    Files.writeString(folder.resolve(CgroupSnapshot.CPU_STAT), cpuStat);
    List<String[]> files = new ArrayList<>();
    files.add(new String[] {CgroupSnapshot.EPOCH, epoch});
    files.add(new String[] {CgroupSnapshot.LOADAVG, loadavg});
    if (cpuacctUsage != null) {
      files.add(new String[] {CgroupSnapshot.CPUACCT_USAGE, cpuacctUsage});
    }
    if (psi != null) {
      files.add(new String[] {CgroupSnapshot.PRESSURE, psi});
    }
    for (String[] f : files) {
      Files.writeString(folder.resolve(f[0]), f[1] + "\n");
    }
  }
}
