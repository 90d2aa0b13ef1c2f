package io.rpcxbench.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.testplugin.LineProtocol;
import io.rpcxbench.runner.point.PointState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30 item 10: the resume takes a point file of random bytes, or a "complete" file with only
 * its header, for no point at all: it is moved aside (kept) with one log line and the point runs.
 */
class SweepResumeUnreadableTest {
  @TempDir Path work;

  @Test
  void randomBytesAndAHeaderOnlyCompleteFileAreSetAsideAndThePointsRunAgain() throws Exception {
    Path dir = work.resolve("raw/line");
    Files.createDirectories(dir);
    byte[] junk = new byte[4096];
    new Random(7).nextBytes(junk);
    Files.write(dir.resolve("t1-r5.csv"), junk);
    String headerOnly =
        "# rpcx-bench raw result v2\n# status: complete\n# protocol: line\n# type: 77\n"
            + "# threads: 2\n# requests: 5\n# runs: 2\n"
            + "type,threadNum,requestNum,order,timeTotal,tps\n";
    Files.writeString(dir.resolve("t2-r5.csv"), headerOnly);

    try (LineProtocol.Server server = new LineProtocol.Server()) {
      SweepInProcessTest.Outcome o =
          SweepInProcessTest.sweep(
              "--host",
              "127.0.0.1",
              "--port",
              "line=" + server.port(),
              "--protocol",
              "line",
              "--runs",
              "2",
              "--threads",
              "1,2",
              "--requests",
              "5",
              "--out",
              work.resolve("raw").toString());

      assertThat(o.code()).as(o.err()).isZero();
      List<String> lines = o.err().lines().filter(l -> l.contains("is unreadable")).toList();
      assertThat(lines).hasSize(2);
      assertThat(lines.get(0))
          .contains("[1/2] line t1 r5: " + dir.resolve("t1-r5.csv") + " is unreadable (")
          .contains("; kept as " + dir.resolve("t1-r5.csv.unreadable-"))
          .endsWith(", running the point again");
      assertThat(lines.get(1)).contains("status complete with 0 of 2 runs");
      assertThat(o.err())
          .contains("[1/2] line t1 r5: complete (exit 0)")
          .contains("[2/2] line t2 r5: complete (exit 0)")
          .doesNotContain("exists (failed)");
    }
    assertThat(Sweep.state(dir.resolve("t1-r5.csv"))).isEqualTo(PointState.COMPLETE);
    assertThat(Sweep.state(dir.resolve("t2-r5.csv"))).isEqualTo(PointState.COMPLETE);
    try (Stream<Path> kept = Files.list(dir)) {
      List<Path> aside =
          kept.filter(f -> f.getFileName().toString().contains(".unreadable-")).sorted().toList();
      assertThat(aside).hasSize(2);
      assertThat(Files.readAllBytes(aside.get(0))).isEqualTo(junk); // kept as it was
      assertThat(Files.readString(aside.get(1))).isEqualTo(headerOnly);
    }
  }
}
