package io.rpcxbench.harness.runner;

import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.spi.ProtocolProvider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * What a new connection costs a protocol, apart from its steady calls: {@code connects} times, a
 * client opened through the protocol's plug-in (its connection, and its TLS handshake when TLS is
 * on), one {@code hello} on it, and the client closed; the time of each in a histogram and the
 * connects per second of the round. Every client builds its TLS context from the PEM files afresh,
 * so each connect is a full handshake (no session is resumed across clients).
 *
 * <pre>{@code
 * HandshakeRounds.Round r = HandshakeRounds.measure(catalog, "rpcx", options, 200, 50);
 * r.connectsPerSecond();   // e.g. 812.4
 * }</pre>
 */
final class HandshakeRounds {
  /** One round of one protocol and TLS mode: its connects, their times (ns) and the session. */
  record Round(int connects, long elapsedNanos, Histogram nanos, String session) {
    double connectsPerSecond() {
      return connects / (elapsedNanos / 1e9);
    }
  }

  private HandshakeRounds() {}

  /**
   * {@code warmup} connects (not counted), then {@code connects} timed ones.
   *
   * @throws IllegalStateException when a connect or its call fails (the protocol's message)
   */
  static Round measure(
      ProtocolCatalog catalog, String protocol, ClientOptions options, int connects, int warmup) {
    ProtocolProvider provider =
        catalog
            .find(protocol)
            .orElseThrow(() -> new IllegalArgumentException("unknown protocol " + protocol));
    for (int i = 0; i < warmup; i++) {
      connect(provider, options);
    }
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    String session = "plaintext";
    long start = System.nanoTime();
    for (int i = 0; i < connects; i++) {
      long t0 = System.nanoTime();
      Optional<String> s = connect(provider, options);
      h.recordValue(Math.max(1, System.nanoTime() - t0));
      if (s.isPresent()) {
        session = s.get();
      }
    }
    return new Round(connects, System.nanoTime() - start, h, session);
  }

  /** One connect: open, hello, close; the TLS session it negotiated. */
  private static Optional<String> connect(ProtocolProvider provider, ClientOptions options) {
    try (BenchClient client = provider.open(options)) {
      String reply = client.hello("handshake");
      if (!"hello, handshake".equals(reply)) {
        throw new IllegalStateException(provider.id() + " answered '" + reply + "' to hello");
      }
      return client.tlsSession();
    } catch (IllegalStateException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(provider.id() + ": a connect failed: " + e.getMessage(), e);
    }
  }

  /** One client's options: one thread, the call and connect timeouts, TLS or none. */
  static ClientOptions options(String host, int port, ClientTls tls) {
    return new ClientOptions(host, port, Duration.ofSeconds(10), Duration.ofSeconds(5), 1)
        .withTls(tls);
  }

  /** The rounds' connects per second, each round one value. */
  static List<Double> rates(List<Round> rounds) {
    List<Double> v = new ArrayList<>();
    rounds.forEach(r -> v.add(r.connectsPerSecond()));
    return v;
  }
}
