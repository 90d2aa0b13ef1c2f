package io.rpcxbench.serverkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The limit options: parsed into {@link ServerLimits}, handed to a limited starter. */
class ServerLimitsTest {
  private final StringWriter err = new StringWriter();
  private final AtomicReference<ServerLimits> received = new AtomicReference<>();

  private int run(String... args) {
    ServerStarter starter =
        ServerStarter.limited(
            (bind, port, extra, limits) -> {
              received.set(limits);
              return new RunningServer() {
                @Override
                public int port() {
                  return 1;
                }

                @Override
                public void close() {}
              };
            });
    ServerCommand command = new ServerCommand(ServerDefinition.of("demo", 0), starter, false);
    CommandLine cl = ServerMain.commandLine(command);
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void defaultsReachTheStarter() {
    assertThat(run()).isZero();
    ServerLimits limits = received.get();
    assertThat(limits.idleTimeout()).isEqualTo(Duration.ofMinutes(5));
    assertThat(limits.frameDeadline()).isEqualTo(Duration.ofSeconds(30));
    assertThat(limits.maxConnections()).isEqualTo(4096);
    assertThat(limits.maxFrameBytes()).isEqualTo(2 * 1024 * 1024);
    assertThat(limits.maxBufferedBytes()).isEqualTo(ServerLimits.defaultMaxBuffered());
    assertThat(limits.handshakeDeadline()).isEqualTo(Duration.ofSeconds(10));
    assertThat(limits).isEqualTo(ServerLimits.defaults());
  }

  @Test
  void optionsInTheirUnits() {
    assertThat(
            run(
                "--idle-timeout", "90s",
                "--frame-deadline", "500ms",
                "--max-connections", "10",
                "--max-frame", "512k",
                "--max-buffered", "8MiB",
                "--handshake-deadline", "2s"))
        .isZero();
    assertThat(received.get())
        .isEqualTo(
            new ServerLimits(
                Duration.ofSeconds(90),
                Duration.ofMillis(500),
                10,
                512 * 1024,
                8L << 20,
                Duration.ofSeconds(2)));
    assertThat(received.get().describe())
        .isEqualTo(
            "idle-timeout 90s, frame-deadline 500ms, max-connections 10, max-frame 512KiB,"
                + " max-buffered 8MiB, handshake-deadline 2s");
  }

  @Test
  void zeroTurnsALimitOff() {
    assertThat(
            run(
                "--idle-timeout",
                "0",
                "--frame-deadline",
                "0",
                "--max-connections",
                "0",
                "--max-buffered",
                "0",
                "--handshake-deadline",
                "0"))
        .isZero();
    ServerLimits limits = received.get();
    assertThat(limits.hasIdleTimeout()).isFalse();
    assertThat(limits.hasFrameDeadline()).isFalse();
    assertThat(limits.hasMaxConnections()).isFalse();
    assertThat(limits.hasMaxBuffered()).isFalse();
    assertThat(limits.hasHandshakeDeadline()).isFalse();
  }

  @Test
  void badValuesAreUsageErrors() {
    assertThat(run("--idle-timeout", "soon")).isEqualTo(2);
    assertThat(run("--max-frame", "2 bytes")).isEqualTo(2);
    assertThat(run("--max-connections", "-1")).isEqualTo(2);
    assertThat(run("--max-frame", "8")).isEqualTo(2);
    assertThat(err.toString())
        .contains("not a duration")
        .contains("not a size")
        .contains("max connections must be >= 0")
        .contains("max frame must be >= 16");
  }

  @Test
  void aPlainStarterStillWorksAndIgnoresThem() {
    ServerStarter plain = (bind, port, extra) -> null;
    assertThat(ServerStarter.limited((b, p, e, l) -> null)).isNotNull();
    assertThat(plain).isNotNull(); // source-compatible: three-argument lambdas still compile
  }
}
