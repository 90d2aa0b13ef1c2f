package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.testplugin.ScriptedProtocol;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32: every call of the in-flight and open-loop models ends. A run may last longer than the
 * call deadline plus the grace (such a run used to fail with "1 calls still outstanding ... the
 * client never ended them": the bound was counted from the run's first call, not from each call); a
 * call its client never ends is ended by the harness as a timeout, and the run goes on.
 */
class LostCallTest {
  @TempDir Path out;

  @Test
  void anInFlightRunLongerThanTheDeadlinePlusGraceIsNoLostCall() throws IOException {
    try (ScriptedProtocol.Server server =
        new ScriptedProtocol.Server().answerEachAfter(Duration.ofMillis(25))) {
      // 440 calls one after another, 25 ms each: 11 s, past the 200 ms deadline + the grace
      // (now 1 s from each call's send; it was 10 s from the run's first call)
      HarnessInvocation.Outcome o = run(server, "--in-flight", 1, "--requests", 440);

      assertThat(o.exitCode()).as(o.err()).isZero();
      RunRow r = onlyRow();
      assertThat(r.calls()).isEqualTo(440);
      assertThat(r.errors()).isZero();
    }
  }

  @Test
  void aCallItsClientNeverEndsIsEndedByTheHarnessAsATimeout() throws IOException {
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server().dropOnce(7)) {
      HarnessInvocation.Outcome o = run(server, "--in-flight", 2, "--requests", 10);

      assertThat(o.exitCode()).isEqualTo(1);
      RunRow r = onlyRow();
      assertThat(r.calls()).isEqualTo(20);
      assertThat(r.errors()).isEqualTo(1);
      assertThat(r.extra("errors_timeout")).contains("1");
      assertThat(o.err()).contains("the client did not end the call within its deadline 200ms");
    }
  }

  @Test
  void theOpenLoopEndsALostCallToo() throws IOException {
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server().dropOnce(3)) {
      HarnessInvocation.Outcome o = run(server, "--rate", 100, "--duration", "200ms");

      assertThat(o.exitCode()).isEqualTo(1);
      RunRow r = onlyRow();
      assertThat(r.errors()).isEqualTo(1);
      assertThat(r.extra("errors_timeout")).contains("1");
    }
  }

  /** One run against the scripted server, deadline 200 ms, with the load model's options. */
  private HarnessInvocation.Outcome run(ScriptedProtocol.Server server, Object... model) {
    Object[] base = {
      "--protocol",
      "scripted",
      "--port",
      "scripted=" + server.port(),
      "--out",
      out,
      "--runs",
      1,
      "--timeout",
      "200ms"
    };
    Object[] all = new Object[base.length + model.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(model, 0, all, base.length, model.length);
    return HarnessInvocation.run(args(all));
  }

  /** The one run of the one raw file the harness wrote. */
  private RunRow onlyRow() throws IOException {
    try (Stream<Path> files = Files.list(out.resolve("scripted"))) {
      Path file = files.filter(f -> f.toString().endsWith(".csv")).findFirst().orElseThrow();
      return RawResultFile.read(file).rows().get(0);
    }
  }
}
