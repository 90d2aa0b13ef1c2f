package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.load.RunInstants;
import io.rpcxbench.harness.testplugin.ScriptedProtocol;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --start-at} and {@code --client-host-name} (deploy/fleet): the runs are released at the
 * given instants, not before, the releases are recorded, and every run carries its wall-clock start
 * and end.
 */
class FleetStartTest {
  @TempDir Path out;

  @Test
  void runsAreReleasedAtTheirInstantsAndTheReleasesAreRecorded() throws Exception {
    long first = System.currentTimeMillis() + 1500;
    long second = first + 1000;
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
                  3,
                  "--start-at",
                  first + "," + second,
                  "--client-host-name",
                  "client-2",
                  "--out",
                  out));

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = RawResultFile.read(out.resolve("scripted").resolve("t2-r20.csv"));
      assertThat(c.problems()).isEmpty();
      List<RunRow> rows = c.rows();
      long[] start = new long[3];
      for (RunRow r : rows) {
        start[r.order()] = micros(r, RunInstants.START);
        long end = micros(r, RunInstants.END);
        // the end is the start plus the run's own time, to the microsecond: the instants and the
        // time are each rounded to a microsecond on their own, so they may differ by two
        assertThat((double) (end - start[r.order()])).isCloseTo(r.timeTotal() * 1000, within(2.0));
      }
      assertThat(start[0]).isGreaterThanOrEqualTo(first * 1000);
      assertThat(start[1]).isGreaterThanOrEqualTo(second * 1000);
      // order 2 has no instant: it starts after order 1 is done
      assertThat(start[2]).isGreaterThanOrEqualTo(micros(rows.get(1), RunInstants.END));
      assertThat(c.provenance())
          .containsEntry("client_host", "client-2")
          .containsEntry("start_at", String.valueOf(first))
          .containsEntry("start_at_runs", first + " " + second)
          .containsKeys("client_hostname", "released_at_ms", "start_late_ms", "start_late_max_ms");
      assertThat(Double.parseDouble(c.provenance().get("released_at_ms")))
          .isCloseTo(start[0] / 1000.0, within(0.001));
      assertThat(Double.parseDouble(c.provenance().get("start_late_ms"))).isNotNegative();
      assertThat(c.provenance().get("options"))
          .contains("--start-at " + first + "," + second + " --client-host-name client-2");
    }
  }

  @Test
  void withoutStartAtEveryRunStillHasItsInstants() throws Exception {
    long before = RunInstants.wallMicros();
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server()) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "scripted",
                  "--port",
                  "scripted=" + server.port(),
                  "--in-flight",
                  2,
                  "--requests",
                  10,
                  "--runs",
                  2,
                  "--out",
                  out));

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = RawResultFile.read(out.resolve("scripted").resolve("inflight-n2-r10.csv"));
      assertThat(c.provenance()).doesNotContainKeys("start_at", "client_hostname");
      long previousEnd = before;
      for (RunRow r : c.rows()) {
        assertThat(micros(r, RunInstants.START)).isGreaterThanOrEqualTo(previousEnd);
        previousEnd = micros(r, RunInstants.END);
      }
      assertThat(previousEnd).isLessThanOrEqualTo(RunInstants.wallMicros());
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--start-at 1795350000 | --start-at takes instants in epoch milliseconds",
        "--start-at 1795350000 | (seconds? multiply by 1000)",
        "--start-at -5 | --start-at takes instants in epoch milliseconds",
        "--start-at 1795350002000,1795350001000 | the instants must increase",
        "--start-at soon | Invalid value for option '--start-at'",
        "--client-host-name a/b | --client-host-name must be letters, digits",
      })
  void badValuesExitTwoWithAMessage(String options, String message) {
    String[] argv =
        ("--protocol grpc --threads 1 --requests 1 " + options.trim() + " --out " + out)
            .split(" +");
    HarnessInvocation.Outcome o = HarnessInvocation.run(argv);

    assertThat(o.exitCode()).as(o.err()).isEqualTo(2);
    assertThat(o.err()).contains(message).contains("try --help");
    assertThat(out).isEmptyDirectory();
  }

  private static long micros(RunRow r, String column) {
    return Long.parseLong(r.extra(column).orElseThrow());
  }

  private static org.assertj.core.data.Offset<Double> within(double v) {
    return org.assertj.core.data.Offset.offset(v);
  }
}
