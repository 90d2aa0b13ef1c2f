package io.rpcxbench.runner.repeat;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.runner.RpcxBenchCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code rpcx-bench repeat}: the reproduction's repeat plan (which sweep next, in which labs, with
 * which options) and what a sweep's end means (done, a stop that resumes, a failure), as
 * deploy/repro-repeat.sh asks it (its bats suite runs the whole driver with a stubbed commit).
 */
class RepeatPlanTest {
  @TempDir Path out;

  private record Result(int exit, String out, String err) {
    List<String> lines() {
      return out.lines().toList();
    }
  }

  private Result repeat(String... args) {
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    CommandLine cl = RpcxBenchCommand.commandLine();
    cl.setOut(new PrintWriter(o, true));
    cl.setErr(new PrintWriter(e, true));
    String[] all = new String[args.length + 1];
    all[0] = "repeat";
    System.arraycopy(args, 0, all, 1, args.length);
    int exit = cl.execute(all);
    return new Result(exit, o.toString(), e.toString());
  }

  /** The plan of two repetitions of {@code regimes}. */
  private Result twoReps(String regimes) {
    return repeat("plan", "--out", out.toString(), "--reps", "2", "--regimes", regimes);
  }

  @Test
  void regimesListsTheGridAndEachRegimesLinkAndOptions() {
    Result r = repeat("regimes");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.lines())
        .containsExactly(
            "grid: --protocol rpcx,grpc,openfeign --threads 10:910:100,990 --requests 100,300,500"
                + " --runs 10 --point-timeout 600 --timeout-per point",
            "a-1gbit-total at 1gbit: --requests-per total",
            "b-1mbit-total at 1mbit: --requests-per total",
            "a-1gbit-thread at 1gbit: --requests-per thread --stop-after-failures 2",
            "b-1mbit-thread at 1mbit: --requests-per thread --stop-after-failures 1"
                + " --skip-dominated (three labs side by side, one a protocol)");
  }

  @Test
  void aBegunSweepShowsItsPointFilesAndTheWallTimeItsLogsSpanOverlapsCountedOnce()
      throws IOException {
    Path done = out.resolve("rep-1/b-1mbit-thread");
    for (String lab : List.of("lab-rpcx", "lab-grpc")) {
      Files.createDirectories(done.resolve(lab + "/" + lab.substring(4)));
      Files.writeString(done.resolve(lab + "/" + lab.substring(4) + "/t10-r100.csv"), "x\n");
    }
    Files.writeString(done.resolve("done"), "2026-11-26T00:20:00Z\n");
    // side by side: 23:50 to 00:10 the next day, and 23:55 to 00:05 inside it: 20 minutes
    Files.writeString(
        done.resolve("lab-rpcx/sweep-20261125-235000.log"),
        "23:50:01 started\nno stamp here\n23:59:59 point\n00:10:00 sweep done\n");
    Files.writeString(
        done.resolve("lab-grpc/sweep-20261125-235500.log"), "23:55:00 started\n00:05:00 done\n");
    // a resumed sweep: a second span after a gap, 08:00:00 to 08:30:15
    Path begun = out.resolve("rep-2/a-1gbit-total");
    Files.createDirectories(begun.resolve("rpcx"));
    Files.writeString(begun.resolve("rpcx/t10-r100.csv"), "x\n");
    Files.writeString(begun.resolve("rpcx/t10-r300.csv"), "x\n");
    Files.writeString(begun.resolve("sweep-20261126-070000.log"), "07:00:00 a\n07:10:00 b\n");
    Files.writeString(begun.resolve("sweep-20261126-080000.log"), "08:30:15 stopped\n");
    Result r = twoReps("b-1mbit-thread,a-1gbit-total");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.lines())
        .containsExactly(
            "rep 1 b-1mbit-thread: done; 2 point files, 0:20:00 swept",
            "rep 1 a-1gbit-total: to run",
            "rep 2 b-1mbit-thread: to run (three labs side by side)",
            "rep 2 a-1gbit-total: to run; 2 point files, 0:40:15 swept");
  }

  @Test
  void thePlanGoesRepetitionAfterRepetitionAndSkipsFinishedSweeps() throws IOException {
    Files.createDirectories(out.resolve("rep-1/a-1gbit-total"));
    Files.writeString(out.resolve("rep-1/a-1gbit-total/done"), "2026-11-26T00:00:00Z\n");
    Result r = twoReps("a-1gbit-total,b-1mbit-thread");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.lines())
        .containsExactly(
            "rep 1 a-1gbit-total: done",
            "rep 1 b-1mbit-thread: to run (three labs side by side)",
            "rep 2 a-1gbit-total: to run",
            "rep 2 b-1mbit-thread: to run (three labs side by side)");
    assertThat(repeat("plan", "--out", out.toString()).lines())
        .as("every regime, three times, by default")
        .hasSize(12)
        .startsWith("rep 1 a-1gbit-total: done", "rep 1 b-1mbit-total: to run");
  }

  @Test
  void nextIsOneSweepInTheDefaultLabWithTheGridAndTheRegimesOptions() {
    Result r = repeat("next", "--out", out.toString(), "--regimes", "a-1gbit-thread");
    assertThat(r.exit()).as(r.err()).isZero();
    Path dir = out.toAbsolutePath().resolve("rep-1/a-1gbit-thread");
    assertThat(r.lines())
        .containsExactly(
            "1\ta-1gbit-thread\t1gbit",
            String.join(
                "\t",
                "0",
                dir.resolve("lab.txt").toString(),
                "--protocol",
                "rpcx,grpc,openfeign",
                "--threads",
                "10:910:100,990",
                "--requests",
                "100,300,500",
                "--runs",
                "10",
                "--point-timeout",
                "600",
                "--timeout-per",
                "point",
                "--requests-per",
                "thread",
                "--stop-after-failures",
                "2",
                "--out",
                dir.toString()));
  }

  @Test
  void aSideBySideRegimeStartsOneSweepAProtocolEachInItsOwnLab() {
    List<String> lines =
        repeat("next", "--out", out.toString(), "--regimes", "b-1mbit-thread").lines();
    Path dir = out.toAbsolutePath().resolve("rep-1/b-1mbit-thread");
    assertThat(lines).hasSize(4);
    assertThat(lines.get(0)).isEqualTo("1\tb-1mbit-thread\t1mbit");
    String[] protocols = {"rpcx", "grpc", "openfeign"};
    for (int k = 1; k <= 3; k++) {
      String p = protocols[k - 1];
      List<String> words = List.of(lines.get(k).split("\t"));
      assertThat(words.subList(0, 4))
          .containsExactly(
              String.valueOf(k), dir.resolve("lab-" + p + ".txt").toString(), "--protocol", p);
      assertThat(words).endsWith("--skip-dominated", "--out", dir.resolve("lab-" + p).toString());
    }
  }

  @Test
  void whenEverySweepIsDoneNextPrintsNothing() throws IOException {
    for (int rep = 1; rep <= 2; rep++) {
      Path dir = Files.createDirectories(out.resolve("rep-" + rep + "/b-1mbit-total"));
      Files.writeString(dir.resolve("done"), "x\n");
    }
    Result r = repeat("next", "--out", out.toString(), "--reps", "2", "--regimes", "b-1mbit-total");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).isEmpty();
  }

  @Test
  void exitZeroOrOneIsASweepDoneAndWritesItsDoneFile() throws IOException {
    Files.createDirectories(out.resolve("rep-2/a-1gbit-thread"));
    Result zero = ended(2, "a-1gbit-thread", 0);
    assertThat(zero.exit()).isZero();
    assertThat(zero.lines()).containsExactly("rep 2 a-1gbit-thread: done");
    assertThat(out.resolve("rep-2/a-1gbit-thread/done")).exists();
    Result one = ended(1, "a-1gbit-thread", 1);
    assertThat(one.exit()).as("a sweep that went through its plan with failed points").isZero();
    assertThat(one.out()).contains("done, with points that failed, timed out or had errors");
    assertThat(out.resolve("rep-1/a-1gbit-thread/done")).exists();
  }

  @Test
  void aStopDiscardsThePointItInterruptedIfKeptIncompleteAndResumes() throws IOException {
    Path lab = Files.createDirectories(out.resolve("rep-1/b-1mbit-thread/lab-rpcx/rpcx"));
    Path interrupted =
        Files.writeString(
            lab.resolve("t310-r100.csv"), "# rpcx-bench raw result v2\n# status: incomplete\n");
    Path finished =
        Files.writeString(
            lab.resolve("t210-r100.csv"), "# rpcx-bench raw result v2\n# status: complete\n");
    Path older =
        Files.writeString(
            lab.resolve("t110-r100.csv"), "# rpcx-bench raw result v2\n# status: incomplete\n");
    Path sweep = lab.getParent();
    Files.writeString(
        sweep.resolve("sweep-20261126-043516.log"),
        "04:50:00 [2/33] rpcx t110 r100: incomplete (exit 130, interrupted)\n");
    Files.writeString(
        sweep.resolve("sweep-20261126-053814.log"),
        "05:00:11 [4/33] rpcx t210 r100: incomplete (exit 130, interrupted)\n"
            + "05:00:11 [5/33] rpcx t310 r100: incomplete (exit 130, interrupted)\n");
    Result r = ended(1, "b-1mbit-thread", 124, "--until", "05:00");
    assertThat(r.exit()).isEqualTo(io.rpcxbench.api.ExitCode.STOPPED.code());
    assertThat(interrupted).doesNotExist();
    assertThat(finished).as("complete: kept").exists();
    assertThat(older).as("named only by an older log: it may have run again since").exists();
    assertThat(r.lines())
        .containsExactly(
            "removed "
                + interrupted.toAbsolutePath()
                + ": interrupted by the stop, kept as incomplete by the runner; the resume runs it again",
            "rep 1 b-1mbit-thread: stopped at --until 05:00 (resumes on the next run)");
    assertThat(out.resolve("rep-1/b-1mbit-thread/done")).doesNotExist();
    Result interrupt = ended(1, "b-1mbit-thread", 130);
    assertThat(interrupt.exit()).isEqualTo(io.rpcxbench.api.ExitCode.STOPPED.code());
    assertThat(interrupt.lines())
        .containsExactly("rep 1 b-1mbit-thread: interrupted (resumes on the next run)");
  }

  @Test
  void anyOtherExitIsAFailedSweep() {
    Result r = ended(1, "a-1gbit-total", 2);
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.lines()).containsExactly("rep 1 a-1gbit-total: the sweep failed, exit 2");
    assertThat(out.resolve("rep-1/a-1gbit-total/done")).doesNotExist();
  }

  @Test
  void badUsageExitsTwoNamingTheOption() {
    Result reps = repeat("plan", "--out", out.toString(), "--reps", "0");
    assertThat(reps.exit()).isEqualTo(2);
    assertThat(reps.err()).contains("--reps: a count from 1 to 99, not '0'");
    Result regime = repeat("plan", "--out", out.toString(), "--regimes", "a-1gbit-total,c-10gbit");
    assertThat(regime.exit()).isEqualTo(2);
    assertThat(regime.err()).contains("--regimes: unknown regime 'c-10gbit'");
    assertThat(repeat("ended", "--out", out.toString(), "--rep", "1").exit()).isEqualTo(2);
    assertThat(
            repeat("ended", "--out", out.toString(), "--rep", "1", "--regime", "x", "--status", "0")
                .err())
        .contains("--regime: unknown regime 'x'");
    assertThat(repeat("resume", "--out", out.toString()).exit()).isEqualTo(2);
    assertThat(repeat("plan").err()).contains("plan needs --out DIR");
    Result beyond =
        repeat(
            "ended",
            "--out",
            out.toString(),
            "--reps",
            "2",
            "--rep",
            "3",
            "--regime",
            "a-1gbit-total",
            "--status",
            "0");
    assertThat(beyond.exit()).isEqualTo(2);
    assertThat(beyond.err()).contains("--rep: a repetition from 1 to 2, not 3");
    assertThat(out.resolve("rep-3")).doesNotExist();
  }

  private Result ended(int rep, String regime, int status, String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "ended",
                "--out",
                out.toString(),
                "--rep",
                String.valueOf(rep),
                "--regime",
                regime,
                "--status",
                String.valueOf(status)));
    args.addAll(List.of(more));
    return repeat(args.toArray(String[]::new));
  }
}
