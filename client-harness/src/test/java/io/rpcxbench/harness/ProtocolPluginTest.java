package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.harness.testplugin.LineProtocol;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The protocol SPI: a provider registered in META-INF/services (test resources) is a protocol like
 * the built-in ones, with its port from --port NAME=PORT or its default, its own type number and
 * result folder, against its real server.
 */
class ProtocolPluginTest {
  @TempDir Path out;

  @Test
  void aPluginOnTheClassPathRunsLikeABuiltInProtocol() throws IOException {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "line",
                  "--port",
                  "line=" + server.port(),
                  "--threads",
                  3,
                  "--requests",
                  20,
                  "--runs",
                  2,
                  "--out",
                  out));

      assertThat(o.exitCode()).as(o.err()).isEqualTo(0);
      Protocol line = Protocol.parse("line");
      assertThat(line.type()).isEqualTo(LineProtocol.TYPE);
      RawContents c =
          RawFileChecks.checkComplete(
              out.resolve("line").resolve("t3-r20.csv"), line, 3, 20, 2, 60);
      assertThat(c.rows()).allSatisfy(r -> assertThat(r.errors()).isZero());
      assertThat(c.provenance())
          .containsEntry("target", "127.0.0.1:" + server.port())
          .containsEntry(
              "client",
              "line protocol to 127.0.0.1:" + server.port() + ", 3 threads, timeout PT30S");
      assertThat(c.provenance().get("options")).contains("--port line=" + server.port());
      assertThat(o.out()).containsPattern("(?m)^line\\s+3\\s+20\\s+2\\s+60\\s+0\\s");
    }
  }

  @Test
  void echoGoesThroughThePluginToo() throws IOException {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "line",
                  "--port",
                  "line=" + server.port(),
                  "--threads",
                  2,
                  "--requests",
                  5,
                  "--runs",
                  1,
                  "--call",
                  "echo",
                  "--payload",
                  100,
                  "--out",
                  out));

      assertThat(o.exitCode()).as(o.err()).isEqualTo(0);
      // a payload is part of the point: its file name says so (raw-format PointIdentity)
      assertThat(out.resolve("line").resolve("echo-p100-t2-r5.csv")).exists();
    }
  }

  @Test
  void withoutPortThePluginsDefaultPortIsUsed() {
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args("--protocol", "line", "--threads", 1, "--requests", 1, "--out", out));

    assertThat(o.exitCode()).isEqualTo(1);
    assertThat(o.err())
        .contains("cannot reach line server at 127.0.0.1:" + LineProtocol.DEFAULT_PORT);
    assertThat(out.resolve("line")).doesNotExist();
  }

  @Test
  void unknownProtocolListsTheCatalog() {
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args("--protocol", "bare", "--threads", 1, "--requests", 1, "--out", out));

    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err()).contains("unknown protocol 'bare'; known: rpcx, grpc, ").contains(", line");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--port nope=9000 | --port nope=9000: unknown protocol 'nope'; known: rpcx, grpc,",
        "--port line=70000 | --port line must be a TCP port (1-65535), got 70000",
        "--port line=x | Invalid value for option '--port'",
        "--port line | should be in KEY=VALUE format but was line",
      })
  void badPortsAreUsageErrors(String options, String message) {
    String[] argv =
        ("--protocol line --threads 1 --requests 1 " + options.trim() + " --out " + out)
            .split(" +");
    HarnessInvocation.Outcome o = HarnessInvocation.run(argv);

    assertThat(o.exitCode()).as(o.err()).isEqualTo(2);
    assertThat(o.err()).contains(message);
    assertThat(out).isEmptyDirectory();
  }

  @Test
  void theForkedWorkerGetsThePluginsPort() {
    RunConfig config =
        TestConfig.of(out, Protocol.parse("grpc"), Protocol.parse("line"))
            .threads(2)
            .requests(3)
            .payloadBytes(64)
            .ports(java.util.Map.of("line", 4242))
            .build();

    List<String> command = new WorkerForks(config, null).command(Protocol.parse("line"));

    assertThat(String.join(" ", command))
        .contains("--protocol line ")
        .contains("--port line=4242")
        .endsWith("--worker");
  }

  @Test
  void duplicateIdsTypesAndBadIdsAreRejected() {
    ProtocolProvider line = new LineProtocol();
    assertThatThrownBy(() -> new ProtocolCatalog(List.of(line, new LineProtocol())))
        .hasMessage(
            "id 'line' is provided twice: by "
                + LineProtocol.class.getName()
                + " and by "
                + LineProtocol.class.getName());
    assertThatThrownBy(() -> new ProtocolCatalog(List.of(line, named("other"))))
        .hasMessageContaining("type 99 is provided twice");
    assertThatThrownBy(() -> new ProtocolCatalog(List.of(named("Bad Name"))))
        .hasMessageContaining("has id 'Bad Name'; expected [a-z][a-z0-9-]*");
  }

  private static ProtocolProvider named(String id) {
    return new ProtocolProvider() {
      @Override
      public String id() {
        return id;
      }

      @Override
      public String label() {
        return id;
      }

      @Override
      public int type() {
        return 99;
      }

      @Override
      public ServerLaunch server() {
        return ServerLaunch.jar("none.jar");
      }

      @Override
      public int defaultPort() {
        return 1;
      }

      @Override
      public BenchClient open(ClientOptions options) {
        throw new UnsupportedOperationException("never opened");
      }
    };
  }
}
