package io.rpcxbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Issue 59: every command of rpcx-bench refuses a bad {@code --out} (an existing file, a folder
 * under a file, a read-only folder, /proc, /sys, an empty value) and a threshold that makes no
 * sense (a negative latency, a share over 100 %, a negative rate or count), each with exit 2 and
 * one error line (the usage hint beside it), no stack trace, and nothing written.
 */
class BadInputRefusalsTest {
  @TempDir Path tmp;
  private Path file;
  private Path readOnly;
  private boolean immutable;

  @BeforeEach
  void badPlaces() throws Exception {
    file = Files.writeString(tmp.resolve("results.txt"), "not a folder");
    readOnly = Files.createDirectory(tmp.resolve("read-only"));
    Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
    if (Files.isWritable(readOnly)) { // root: modes do not stop it, the immutable attribute does
      immutable =
          new ProcessBuilder("chattr", "+i", readOnly.toString()).start().waitFor() == 0
              && !Files.isWritable(readOnly);
    }
  }

  @AfterEach
  void writable() throws Exception {
    if (immutable) {
      new ProcessBuilder("chattr", "-i", readOnly.toString()).start().waitFor();
    }
    Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  /** Each command with what it needs before --out, so that only --out can be wrong. */
  private static final List<List<String>> COMMANDS =
      List.of(
          List.of("run", "--protocol", "rpcx", "--threads", "1", "--requests", "1"),
          List.of("sweep", "--local", "--protocol", "rpcx", "--threads", "1", "--requests", "1"),
          List.of("choose", "--local", "--protocol", "rpcx,grpc", "--slo", "p99=5ms"),
          List.of("compare", "--local", "--variants", "rpcx,grpc"),
          List.of("calibrate", "--local"),
          List.of("repeat", "plan"),
          List.of("handshake", "--local"));

  @Test
  void everyCommandRefusesEveryBadOutBeforeAnyWork() {
    List<String> bad = new ArrayList<>();
    bad.add(file.toString());
    bad.add(file.resolve("sub").toString());
    bad.add("/proc/nope/x");
    bad.add("/sys/rpcx-bench");
    bad.add("");
    if (!Files.isWritable(readOnly)) {
      bad.add(readOnly.resolve("out").toString());
    }
    for (List<String> command : COMMANDS) {
      for (String out : bad) {
        List<String> line = new ArrayList<>(command);
        line.addAll(List.of("--out", out));
        refused(line, "Invalid value for option '--out': ");
      }
    }
    assertThat(tmp).isDirectoryNotContaining(p -> p.getFileName().toString().equals("out"));
  }

  @Test
  void aReadOnlyFolderIsNamed() {
    assumeTrue(!Files.isWritable(readOnly), "cannot make a read-only folder here");
    String err =
        refused(
            List.of(
                "sweep",
                "--local",
                "--protocol",
                "rpcx",
                "--out",
                readOnly.resolve("x").toString()),
            "Invalid value for option '--out': ");
    assertThat(err).contains(readOnly + " is not writable");
  }

  @Test
  void thresholdsThatMakeNoSenseAreRefusedBeforeAnyWork() throws Exception {
    Path base = Files.writeString(tmp.resolve("base.jar"), "");
    Path next = Files.writeString(tmp.resolve("new.jar"), "");
    Path out = tmp.resolve("out");
    record Case(List<String> command, String threshold) {}
    List<String> run = List.of("run", "--protocol", "rpcx", "--threads", "1", "--requests", "1");
    List<String> sweep = List.of("sweep", "--local", "--protocol", "rpcx", "--threads", "1");
    List<String> choose = List.of("choose", "--local", "-p", "rpcx,grpc", "--slo", "p99=5ms");
    List<String> compare =
        List.of(
            "compare",
            "--local",
            "--protocol",
            "rpcx",
            "--base-jar",
            base + "",
            "--new-jar",
            next + "");
    List<Case> cases =
        List.of(
            new Case(run, "p99<-5ms"),
            new Case(run, "throughput>-1"),
            new Case(run, "errors<-1"),
            new Case(sweep, "p99<-5ms"),
            new Case(sweep, "drops<0.5"),
            new Case(choose, "p99<-5ms"),
            new Case(choose, "drops<150%"),
            new Case(choose, "capacity>=-100"),
            new Case(compare, "delta.p99<-120%"),
            new Case(compare, "p99.9<0ms"));
    for (Case c : cases) {
      List<String> line = new ArrayList<>(c.command());
      line.addAll(List.of("--threshold", c.threshold(), "--out", out.toString()));
      refused(line, "threshold '" + c.threshold() + "': ");
    }
    assertThat(out).doesNotExist();
  }

  /** Runs {@code line}; asserts exit 2, one error line naming {@code what}, no stack trace. */
  private static String refused(List<String> line, String what) {
    CommandLine cl = RpcxBenchCommand.commandLine();
    StringWriter err = new StringWriter();
    StringWriter out = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    cl.setOut(new PrintWriter(out, true));
    int code = cl.execute(line.toArray(String[]::new));
    String shown = String.join(" ", line) + "\n" + err;
    assertThat(code).as(shown).isEqualTo(2);
    List<String> errors = err.toString().lines().filter(l -> !l.startsWith("try: ")).toList();
    assertThat(errors).as(shown).hasSize(1);
    assertThat(errors.get(0)).as(shown).startsWith("error: ").contains(what);
    assertThat(err.toString()).as(shown).doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(Stream.of(err.toString().split("\n")))
        .as(shown)
        .noneMatch(l -> l.contains("at io."));
    return errors.get(0);
  }
}
