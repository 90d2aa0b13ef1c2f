package io.rpcxbench.runner.handshake;

import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.tls.TlsSessionSharing;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * What a new connection costs a protocol, apart from its steady calls: {@code connects} times, a
 * client opened through the protocol's plug-in (its connection, and its TLS handshake when TLS is
 * on), one {@code hello} on it, and the client closed; the time of each in a histogram and the
 * connects per second of the round. Two ways over TLS ({@link Sessions}): every client builds its
 * TLS context afresh, so each connect is a full handshake; or the round's clients share one context
 * ({@link TlsSessionSharing}), so a connect resumes an earlier connect's session, and each connect
 * says whether it did (it checked no server certificate). A plug-in that builds its TLS apart from
 * tls-kit cannot share: its resumed round is not measured.
 *
 * <pre>{@code
 * HandshakeRounds.Round r = HandshakeRounds.measure(catalog, "rpcx", options, Sessions.RESUMED, 200, 50);
 * r.connectsPerSecond();   // e.g. 1812.4
 * r.resumed();             // e.g. 200: connects that resumed a session
 * }</pre>
 */
final class HandshakeRounds {
  /** Whether the clients of a round share their TLS context. */
  enum Sessions {
    /** Each client its own context: every connect a full handshake (and plaintext). */
    FULL,
    /** The round's clients share one context: the connects after the first resume its session. */
    RESUMED;

    String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    static Sessions of(String label) {
      for (Sessions s : values()) {
        if (s.label().equals(label)) {
          return s;
        }
      }
      throw new IllegalArgumentException("--sessions: '" + label + "' is not one of full, resumed");
    }
  }

  /**
   * One round of one protocol, TLS mode and sessions: its connects, their times (ns), the session,
   * and how many connects resumed (-1: not counted, plaintext or a plug-in with its own TLS); a
   * resumed round of a plug-in that cannot share a context has no connects and {@code shared}
   * false.
   */
  record Round(
      Sessions sessions,
      int connects,
      long elapsedNanos,
      Histogram nanos,
      String session,
      int resumed,
      boolean shared) {
    double connectsPerSecond() {
      return connects / (elapsedNanos / 1e9);
    }

    /** "200/200", "0/200", "-" when not counted, "cannot share" for a plug-in that cannot. */
    String resumedText() {
      if (!shared) {
        return "cannot share";
      }
      return resumed < 0 ? "-" : resumed + "/" + connects;
    }
  }

  private HandshakeRounds() {}

  /** As {@link #measure(ProtocolCatalog, String, ClientOptions, Sessions, int, int)}, full. */
  static Round measure(
      ProtocolCatalog catalog, String protocol, ClientOptions options, int connects, int warmup) {
    return measure(catalog, protocol, options, Sessions.FULL, connects, warmup);
  }

  /**
   * {@code warmup} connects (not counted, at least one over TLS), then {@code connects} timed ones.
   * Over TLS, within a {@link TlsSessionSharing} (shared for resumed, fresh contexts for full) that
   * counts the connects that resumed; its first connect, untimed, says whether the plug-in takes
   * its context from tls-kit at all (else full rounds go uncounted and resumed ones are not
   * measured) and, resumed, fills the round's fresh session cache with a full handshake.
   *
   * @throws IllegalStateException when a connect or its call fails (the protocol's message)
   */
  static Round measure(
      ProtocolCatalog catalog,
      String protocol,
      ClientOptions options,
      Sessions sessions,
      int connects,
      int warmup) {
    ProtocolProvider provider =
        catalog
            .find(protocol)
            .orElseThrow(() -> new IllegalArgumentException("unknown protocol " + protocol));
    if (options.tlsSettings().isEmpty()) {
      return timed(provider, options, Sessions.FULL, connects, warmup, null);
    }
    try (TlsSessionSharing sharing =
        sessions == Sessions.RESUMED ? TlsSessionSharing.open() : TlsSessionSharing.fresh()) {
      TlsSessionSharing.Mark before = sharing.mark();
      Optional<String> first = connect(provider, options);
      int rest = Math.max(0, warmup - 1);
      if (sharing.since(before) != TlsSessionSharing.Outcome.OWN_TLS) {
        return timed(provider, options, sessions, connects, rest, sharing);
      }
      if (sessions == Sessions.RESUMED) {
        return new Round(sessions, 0, 0, new Histogram(3), first.orElse("plaintext"), 0, false);
      }
      return timed(provider, options, sessions, connects, rest, null);
    }
  }

  private static Round timed(
      ProtocolProvider provider,
      ClientOptions options,
      Sessions sessions,
      int connects,
      int warmup,
      TlsSessionSharing sharing) {
    for (int i = 0; i < warmup; i++) {
      connect(provider, options);
    }
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    String session = "plaintext";
    int resumed = 0;
    long start = System.nanoTime();
    for (int i = 0; i < connects; i++) {
      TlsSessionSharing.Mark mark = sharing == null ? null : sharing.mark();
      long t0 = System.nanoTime();
      Optional<String> s = connect(provider, options);
      h.recordValue(Math.max(1, System.nanoTime() - t0));
      if (s.isPresent()) {
        session = s.get();
      }
      if (sharing != null && sharing.since(mark) == TlsSessionSharing.Outcome.RESUMED) {
        resumed++;
      }
    }
    long elapsed = System.nanoTime() - start;
    return new Round(sessions, connects, elapsed, h, session, sharing == null ? -1 : resumed, true);
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
    rounds.stream().filter(r -> r.connects() > 0).forEach(r -> v.add(r.connectsPerSecond()));
    return v;
  }
}
