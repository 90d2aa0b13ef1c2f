package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.testplugin.LineProtocol;
import io.rpcxbench.runner.RpcxBenchCommand;
import io.rpcxbench.runner.point.MachineCalibration;
import io.rpcxbench.runner.point.PointFiles;
import io.rpcxbench.runner.sweep.Workload;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code choose} end to end in one JVM (its default: every probe in-process, each candidate warmed
 * up first): an A/A pair of the line test protocol's real server on loopback; the folder the report
 * reads, and a rerun that resumes.
 */
class ChooseInProcessTest {
  @TempDir Path work;

  record Outcome(int code, String err) {}

  static Outcome choose(String... args) {
    StringWriter err = new StringWriter();
    CommandLine cl = RpcxBenchCommand.commandLine();
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    List<String> all = new ArrayList<>(List.of("choose"));
    all.addAll(List.of(args));
    return new Outcome(cl.execute(all.toArray(new String[0])), err.toString());
  }

  @Test
  void aCalibrationUseOtherThanAutoOrOffIsBadUsage() {
    Outcome o = choose("--host", "127.0.0.1", "--protocol", "line,line", "--calibration", "often");
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("--calibration");
  }

  private String[] args(int port) {
    return new String[] {
      "--host",
      "127.0.0.1",
      "--port",
      "line=" + port,
      "--protocol",
      "line,line",
      "--slo",
      "p99=1s",
      "--start-rate",
      "1000",
      "--max-rate",
      "4000",
      "--resolution",
      "25%",
      "--rounds",
      "1",
      "--probe-duration",
      "1s",
      "--shared-rate",
      "500",
      "--shared-runs",
      "2",
      "--no-report",
      "--out",
      work.resolve("choose").toString()
    };
  }

  @Test
  void aSmallChooseWritesTheFolderTheReportReadsAndARerunResumes() throws Exception {
    // this machine calibrated before (a calibration of its fingerprint in its own cache)
    System.setProperty("rpcx.bench.calibration.dir", work.resolve("cache").toString());
    MachineCalibration here = MachineCalibration.here();
    Files.createDirectories(here.file().getParent());
    try (java.io.Writer w = Files.newBufferedWriter(here.file())) {
      new io.rpcxbench.stats.Calibration(
              here.fingerprint(),
              "rpcx/t8-r2000",
              6,
              1,
              java.time.Instant.parse("2026-11-28T02:40:00Z"),
              List.of(
                  new io.rpcxbench.stats.Calibration.Metric(
                      "p99",
                      0.1,
                      io.rpcxbench.stats.VarianceComponents.of(
                          List.of(List.of(List.of(100.0, 103.0), List.of(110.0, 108.0)))),
                      io.rpcxbench.stats.FalsePositives.none(),
                      io.rpcxbench.stats.FalsePositives.none())))
          .write(w);
    }
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      Outcome first = choose(args(server.port()));
      System.clearProperty("rpcx.bench.calibration.dir");
      assertThat(first.code()).as(first.err()).isZero();
      Path out = work.resolve("choose");
      // the machine's calibration beside the results, for the scorecard's line
      assertThat(Files.readString(out.resolve("calibration.properties")))
          .isEqualTo(Files.readString(here.file()));
      List<String> ledger = Files.readAllLines(out.resolve("capacity.tsv"));
      assertThat(ledger).hasSize(3).startsWith(ChooseLedger.HEADER);
      // the capacities are what this box gave (no assertion on speed), the rows' shape is not
      // in the round's drawn order; sorted here
      List<String> rows = ledger.subList(1, 3).stream().sorted().toList();
      assertThat(rows.get(0)).matches("1\tline\t[0-9]+\t[0-9]*\t[0-9]+\t[a-z]*\t.*");
      assertThat(rows.get(1)).matches("1\tline#2\t[0-9]+\t[0-9]*\t[0-9]+\t[a-z]*\t.*");
      assertThat(ChooseLedger.readSettings(out))
          .containsEntry("workload", "hello")
          .containsEntry("slo", "p99<=1s")
          .containsEntry("candidates", "line,line#2")
          .containsEntry("rounds", "1")
          .containsEntry("shared_rate", "500")
          .containsEntry("stopped", "rounds")
          .containsEntry("start_rate", "1000")
          .containsEntry("search_factor", "2")
          .containsEntry("probes", ProbeLedger.FILE)
          .containsKey("expected_s")
          .containsKey("ended");
      // every probe a row of probes.tsv, its file kept under that name
      List<ProbeLedger.Probe> probes = ProbeLedger.read(out.resolve(ProbeLedger.FILE));
      assertThat(probes).hasSizeGreaterThanOrEqualTo(4);
      assertThat(probes.get(0).rate()).isEqualTo(1000);
      for (ProbeLedger.Probe p : probes) {
        assertThat(out.resolve(p.file())).as(p.toString()).isRegularFile();
        assertThat(p.outcome()).isNotEqualTo(CapacitySearch.Outcome.NO_DATA);
      }
      assertThat(out.resolve("probes/round1/line#2")).isDirectory();
      assertThat(PointFiles.completeFileIn(out.resolve("shared/round1/line"))).isTrue();
      assertThat(PointFiles.completeFileIn(out.resolve("shared/round1/line#2"))).isTrue();
      assertThat(first.err())
          .containsPattern(
              "plan: 1 round \\(up to 4 while a pair is undecided\\) x 2 candidates x about"
                  + " [0-9]+ probes .*; expected about [0-9]+m")
          .contains("round 1 line: warmed up (")
          .containsPattern("round 1 line: capacity [0-9]+ calls/s")
          .contains("round 1 line 1000/s: ");

      Outcome again = choose(args(server.port()));
      assertThat(again.code()).as(again.err()).isZero();
      assertThat(Files.readAllLines(out.resolve("capacity.tsv"))).isEqualTo(ledger);
      assertThat(ProbeLedger.read(out.resolve(ProbeLedger.FILE))).isEqualTo(probes);
      assertThat(again.err())
          .contains("round 1 line: found earlier, kept")
          .contains("shared load round 1 line#2: measured earlier, kept")
          .doesNotContain("1000/s: ")
          .doesNotContain("warmed up");
    }
  }

  @Test
  void badUsageIsOneLineAndExitTwo() {
    Outcome slo = choose("--host", "h", "--protocol", "rpcx,grpc", "--slo", "p99=5");
    assertThat(slo.code()).isEqualTo(2);
    assertThat(slo.err()).startsWith("error: --slo: 'p99=5' is not PERCENTILE=LIMIT");
    Outcome one = choose("--host", "h", "--protocol", "rpcx", "--slo", "p99=5ms");
    assertThat(one.code()).isEqualTo(2);
    assertThat(one.err()).startsWith("error: --protocol: choose compares at least two candidates");
    Outcome unknown = choose("--host", "h", "--protocol", "rpcx,nope", "--slo", "p99=5ms");
    assertThat(unknown.err()).startsWith("error: --protocol: unknown protocol 'nope'");
    Outcome share =
        choose(
            "--host", "h", "--protocol", "rpcx,grpc", "--slo", "p99=5ms", "--resolution", "150%");
    assertThat(share.err()).startsWith("error: --resolution must be a share like 5% or 0.05");
    for (String bad : List.of("half", "0", "150%")) {
      Outcome load =
          choose(
              "--host", "h", "--protocol", "rpcx,grpc", "--slo", "p99=5ms", "--shared-load", bad);
      assertThat(load.code()).as(bad).isEqualTo(2);
      assertThat(load.err())
          .as(bad)
          .startsWith(
              "error: --shared-load must be a share in (0, 1] like 50% or 0.5, got '" + bad);
    }
  }

  /**
   * A threshold the scorecard could not read, or a data file that is a device, is refused in one
   * line before anything starts (they were found only after the whole search, or never).
   */
  @Test
  void badThresholdsAndDeviceDataAreRefusedBeforeAnyWork() {
    for (String bad : List.of("garbage", "delta.p99<", "p99<NaN%", "")) {
      Outcome o =
          choose(
              "--host",
              "h",
              "--protocol",
              "rpcx,grpc",
              "--slo",
              "p99=5ms",
              "--threshold",
              bad,
              "--out",
              work.resolve("t").toString());
      assertThat(o.code()).as(bad).isEqualTo(2);
      assertThat(o.err()).as(bad).startsWith("error: threshold '").doesNotContain("\tat ");
      assertThat(work.resolve("t")).doesNotExist();
    }
    String order = Path.of("../examples/order.proto").toAbsolutePath() + ":Order";
    Outcome device =
        choose(
            "--host",
            "h",
            "--protocol",
            "rpcx,grpc",
            "--slo",
            "p99=5ms",
            "--message",
            order,
            "--data",
            "/dev/zero");
    assertThat(device.code()).isEqualTo(2);
    assertThat(device.err())
        .contains("data /dev/zero is not a regular file (a device, FIFO or folder is refused)");
  }

  /** Issue 29: a message workload is refused before anything starts where it cannot be carried. */
  @Test
  void aMessageWorkloadRefusesCandidatesThatCarryNoMessage() {
    String order = Path.of("../examples/order.proto").toAbsolutePath() + ":Order";
    String data = Path.of("../examples/order.json").toAbsolutePath().toString();
    Outcome line =
        choose(
            "--host",
            "h",
            "--protocol",
            "line,rpcx",
            "--slo",
            "p99=5ms",
            "--message",
            order,
            "--data",
            data);
    assertThat(line.code()).isEqualTo(2);
    assertThat(line.err()).doesNotContain("Exception").contains("try: rpcx-bench choose --help");
    assertThat(line.err())
        .startsWith("error: --message: these candidates carry no message: line (");
    Outcome noData =
        choose("--host", "h", "--protocol", "rpcx,grpc", "--slo", "p99=5ms", "--message", order);
    assertThat(noData.code()).isEqualTo(2);
    assertThat(noData.err())
        .startsWith("error: --call message needs --message FILE.proto:Name and --data FILE.json");
    Outcome badSchema =
        choose(
            "--host",
            "h",
            "--protocol",
            "rpcx,grpc",
            "--slo",
            "p99=5ms",
            "--message",
            work.resolve("none.proto") + ":Order",
            "--data",
            data);
    assertThat(badSchema.code()).isEqualTo(2);
    assertThat(badSchema.err()).startsWith("error: ").doesNotContain("Exception");
  }

  @Test
  void serversPublishTheMessageTheHarnessSends() {
    assertThat(Workload.serverArgs(List.of("--call", "message", "--message", "/x/o.proto:Order")))
        .containsExactly("--message", "/x/o.proto:Order");
    assertThat(Workload.serverArgs(List.of("--message=o.proto:Order")))
        .containsExactly("--message", Path.of("o.proto").toAbsolutePath() + ":Order");
    assertThat(Workload.serverArgs(List.of("--call", "items", "--items", "10"))).isEmpty();
  }
}
