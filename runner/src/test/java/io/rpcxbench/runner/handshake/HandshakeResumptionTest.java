package io.rpcxbench.runner.handshake;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.protocols.thrift.ThriftServer;
import io.rpcxbench.rpcx.Transport;
import io.rpcxbench.server.grpc.GrpcBenchServer;
import io.rpcxbench.server.rpcx.RpcxBenchServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.TestAuthority;
import io.rpcxbench.tls.TlsFiles;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27: {@code rpcx-bench handshake}'s resumed mode, in-process over loopback with a test
 * authority: with one TLS context shared by a round's clients, RPCX (Netty's SslHandler), Thrift
 * (an SSLSocket) and gRPC (grpc-java's Netty transport over tls-kit's JDK context) resume every
 * connect after the first; with a context per client every connect is a full handshake.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HandshakeResumptionTest {
  private static final int CONNECTS = 8;

  private final ProtocolCatalog catalog = ProtocolCatalog.onClassPath();
  private TlsFiles files;
  private RpcxBenchServer rpcx;
  private ThriftServer thrift;
  private GrpcBenchServer grpc;

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    files = TestAuthority.create(dir.resolve("tls"), List.of("localhost", "127.0.0.1"));
    ServerTls tls = new ServerTls(files.serverCert(), files.serverKey(), null);
    ServerLimits limits = ServerLimits.defaults();
    rpcx = RpcxBenchServer.start("127.0.0.1", 0, Transport.NIO, limits, new BenchLogic(), tls);
    thrift = ThriftServer.start("127.0.0.1", 0, limits, new BenchLogic(), tls);
    grpc = GrpcBenchServer.start("127.0.0.1", 0, false, limits, new BenchLogic(), tls);
  }

  @AfterAll
  void stop() throws Exception {
    rpcx.close();
    thrift.close();
    grpc.close();
  }

  @Test
  void rpcxThriftAndGrpcResumeEveryConnectAfterTheFirst() {
    for (Map.Entry<String, Integer> p : ports().entrySet()) {
      HandshakeRounds.Round full =
          round(p.getKey(), p.getValue(), HandshakeRounds.Sessions.FULL, 1);
      assertThat(full.connects()).isEqualTo(CONNECTS);
      assertThat(full.resumed()).as(p.getKey()).isZero(); // a context per client: all full
      assertThat(full.resumedText()).isEqualTo("0/" + CONNECTS);
      assertThat(full.session()).startsWith("TLS");

      // no warm-up asked: the untimed first connect still fills the round's fresh cache
      HandshakeRounds.Round cold =
          round(p.getKey(), p.getValue(), HandshakeRounds.Sessions.RESUMED, 0);
      assertThat(cold.shared()).isTrue();
      assertThat(cold.resumed()).as(p.getKey()).isEqualTo(CONNECTS);

      HandshakeRounds.Round resumed =
          round(p.getKey(), p.getValue(), HandshakeRounds.Sessions.RESUMED, 2);
      assertThat(resumed.resumed()).as(p.getKey()).isEqualTo(CONNECTS);
      assertThat(resumed.resumedText()).isEqualTo(CONNECTS + "/" + CONNECTS);
      assertThat(resumed.session()).startsWith("TLS");
    }
  }

  /** A plug-in with a TLS of its own (Lettuce's, tested in its module) is not measured resumed. */
  @Test
  void aPlugInThatCannotShareSaysSoInTheSummary() {
    HandshakeRounds.Round r =
        new HandshakeRounds.Round(
            HandshakeRounds.Sessions.RESUMED, 0, 0, new Histogram(3), "TLSv1.3", 0, false);
    assertThat(r.resumedText()).isEqualTo("cannot share");
    String table = HandshakeResults.summary(Map.of("resp-lettuce\ttls\tresumed", List.of(r)));
    assertThat(table)
        .contains("| resp-lettuce | tls | resumed | - | - | - | - | cannot share a TLS context");
  }

  @Test
  void theSummarySaysFullAndResumedApart() {
    Map<String, List<HandshakeRounds.Round>> measured = new LinkedHashMap<>();
    measured.put(
        "rpcx\ttls\tfull", List.of(round("rpcx", rpcx.port(), HandshakeRounds.Sessions.FULL, 1)));
    measured.put(
        "rpcx\ttls\tresumed",
        List.of(round("rpcx", rpcx.port(), HandshakeRounds.Sessions.RESUMED, 1)));
    String table = HandshakeResults.summary(measured);
    assertThat(table)
        .contains("| protocol | tls | sessions | connects/s | connect p50 µs | connect p99 µs |")
        .containsPattern("\\| rpcx \\| tls \\| full \\| [0-9]+ .*\\| 0/" + CONNECTS + " \\| TLS")
        .containsPattern(
            "\\| rpcx \\| tls \\| resumed \\| [0-9]+ .*\\| "
                + CONNECTS
                + "/"
                + CONNECTS
                + " \\| TLS");
  }

  private Map<String, Integer> ports() {
    Map<String, Integer> ports = new LinkedHashMap<>();
    ports.put("rpcx", rpcx.port());
    ports.put("thrift", thrift.port());
    ports.put("grpc", grpc.port());
    return ports;
  }

  private HandshakeRounds.Round round(
      String protocol, int port, HandshakeRounds.Sessions sessions, int warmup) {
    return HandshakeRounds.measure(
        catalog,
        protocol,
        HandshakeRounds.options("127.0.0.1", port, ClientTls.trusting(files.ca())),
        sessions,
        CONNECTS,
        warmup);
  }
}
