package io.rpcxbench.report.gc;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gc-check window}: a real G1 log (a committed one of a 64 MB heap under pressure, and one a
 * child JVM writes now) gives the pauses the script's awk counted.
 */
class GcLogWindowTest {
  /**
   * A JDK 17 G1 log of a 64 MB heap filled to ~55 MB: 18 young pauses (two of them Concurrent
   * Start), a Remark, two Full (G1 Compaction Pause), a Full (System.gc()) at 1.144 s and, at 3.386
   * s, a Full (Diagnostic Command) from jcmd GC.run; plus the lines that are not pause summaries
   * (phases, heap regions, "Concurrent Mark Cycle", "To-space exhausted").
   */
  static Path fixture() {
    try {
      return Path.of(GcLogWindowTest.class.getResource("/gc/g1-heap-pressure.gclog").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void theWholeLogCountsEveryPauseAndTheUnrequestedFullOnes() throws IOException {
    GcLogWindow w = GcLogWindow.read(fixture(), 0, 10);
    // 24 summaries; their ms add up to 153.651; GC(17) 61M->62M is the largest "after"
    assertThat(w.summaryLine()).isEqualTo("153.7 24 2 62 3 10.0 1.54");
    assertThat(w.fullPauses()).as("G1 Compaction Pause x2, not System.gc() or GC.run").isEqualTo(2);
    assertThat(w.liveAfterRequestedFullMb()).contains("3");
  }

  @Test
  void theWindowBoundsAreIncludedAndNothingOutsideCounts() throws IOException {
    // GC(18) at 1.128 s (Full, G1 Compaction) to GC(23) at 1.144 s (Full, System.gc()):
    // 11.076 + 1.444 + 0.374 + 6.605 + 5.072 = 24.571 ms, 57 MB after GC(20) and GC(22)
    assertThat(GcLogWindow.read(fixture(), 1.128, 1.144).summaryLine())
        .isEqualTo("24.6 5 2 57 3 0.0 n/a");
    // young only: GC(0) 21.368 and GC(1) 9.654 ms
    assertThat(GcLogWindow.read(fixture(), 0, 1).summaryLine())
        .isEqualTo("31.0 2 0 3 n/a 1.0 3.10");
    // the Remark (3.789 ms) counts, the Concurrent Mark Cycle lines do not
    assertThat(GcLogWindow.read(fixture(), 1.111, 1.111).pauses()).isEqualTo(1);
    assertThat(GcLogWindow.read(fixture(), 1.129, 1.13).pauses()).isZero();
    // GC.run alone: its pause, its live set, and no full GC of the load
    assertThat(GcLogWindow.read(fixture(), 2, 3.5).summaryLine())
        .isEqualTo("23.6 1 0 3 3 1.5 1.57");
    assertThat(GcLogWindow.read(fixture(), 5, 9).summaryLine()).isEqualTo("0.0 0 0 0 n/a 4.0 0.00");
  }

  @Test
  void theFixtureGivesWhatTheScriptsAwkGave() throws Exception {
    OldGcCheckAwk.assumeAwk();
    String[][] windows = {
      {"0", "10"},
      {"1.1", "1.2"},
      {"0", "1.0"},
      {"1.05", "1.15"},
      {"2.237", "3.5"},
      {"5", "9"},
      {"0.649", "1.117"},
      {"1.0", "1.099"}
    };
    for (String[] w : windows) {
      assertThat(
              Cli.run("gc-check", "window", fixture().toString(), "--from", w[0], "--to", w[1])
                  .out())
          .as("window %s..%s", w[0], w[1])
          .isEqualTo(
              OldGcCheckAwk.run(
                  "window \"$1\" \"$2\" \"$3\"", List.of(fixture().toString(), w[0], w[1])));
    }
  }

  @Test
  void aWindowOf0sHasNoShare() throws IOException {
    // the awk divided by 0.0: mawk printed "inf" (a MISS in the table), gawk stopped the script
    assertThat(GcLogWindow.read(fixture(), 1.128, 1.144).pauseSharePercent()).isEqualTo("n/a");
  }

  @Test
  void aLogAChildJvmWritesNowIsReadAsTheAwkReadIt(@TempDir Path tmp) throws Exception {
    Path log = tmp.resolve("gc.log");
    Path classes =
        Path.of(GcLogChild.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(
        List.of(
            "-Xmx64m",
            "-XX:+UseG1GC",
            "-Xlog:gc*:file=" + log + ":uptime,level,tags",
            "-cp",
            classes.toString(),
            GcLogChild.class.getName()));
    Process child =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(tmp.resolve("out").toFile())
            .start();
    assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).as(Files.readString(tmp.resolve("out"))).isZero();

    Cli.Result r = Cli.run("gc-check", "window", log.toString(), "--from", "0", "--to", "1000");
    assertThat(r.exit()).as(r.err()).isZero();
    String[] f = r.out().trim().split(" ");
    assertThat(Integer.parseInt(f[1]))
        .as("pauses: young ones and the System.gc()")
        .isGreaterThanOrEqualTo(2);
    assertThat(f[2]).as("System.gc() is not a full GC of the load").isEqualTo("0");
    assertThat(f[4]).as("the live set after System.gc()").matches("[0-9]+");
    if (Files.isExecutable(Path.of("/usr/bin/awk")) || Files.isExecutable(Path.of("/bin/awk"))) {
      assertThat(r.out())
          .isEqualTo(OldGcCheckAwk.run("window \"$1\" 0 1000", List.of(log.toString())));
    }
  }

  @Test
  void numbersHaveADecimalPointInAnyLocale() throws IOException {
    Locale was = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      assertThat(GcLogWindow.read(fixture(), 0, 10).summaryLine())
          .isEqualTo("153.7 24 2 62 3 10.0 1.54");
    } finally {
      Locale.setDefault(was);
    }
  }

  @Test
  void badInputIsOneLineAndADocumentedExitCode(@TempDir Path tmp) {
    Cli.Result missing =
        Cli.run(
            "gc-check", "window", tmp.resolve("none.log").toString(), "--from", "1", "--to", "2");
    assertThat(missing.exit()).isEqualTo(1);
    assertThat(missing.err())
        .isEqualTo(
            "error: gc-check window "
                + tmp.resolve("none.log")
                + ": no such file: "
                + tmp.resolve("none.log")
                + "\n");
    assertThat(missing.out()).isEmpty();

    Cli.Result notANumber =
        Cli.run("gc-check", "window", fixture().toString(), "--from", "", "--to", "2");
    assertThat(notANumber.exit()).isEqualTo(2);
    assertThat(notANumber.err().lines().toList()).hasSize(1);
    assertThat(notANumber.err()).startsWith("error: Invalid value for option '--from'");

    for (String bad : List.of("abc", "-1", "NaN", "1,5", "0x10")) {
      Cli.Result r =
          Cli.run("gc-check", "window", fixture().toString(), "--from", "0", "--to", bad);
      assertThat(r.exit()).as(bad).isEqualTo(2);
      assertThat(r.err().lines().toList()).as(bad).hasSize(1);
    }
    Cli.Result noTo = Cli.run("gc-check", "window", fixture().toString(), "--from", "0");
    assertThat(noTo.exit()).isEqualTo(2);
    assertThat(noTo.err().lines().toList()).hasSize(1);
    assertThat(Cli.run("gc-check").exit()).isEqualTo(2);
  }
}
