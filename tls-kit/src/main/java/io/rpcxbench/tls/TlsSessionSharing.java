package io.rpcxbench.tls;

import java.net.Socket;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Client TLS contexts shared across clients, so that a later connect can resume an earlier
 * connect's session (TLS 1.3 PSK from a session ticket, TLS 1.2 session id): while a sharing is
 * open, {@link TlsContexts#client} returns one {@link SSLContext} per set of PEM files, whose
 * client session cache is the one JSSE resumes from, to every client a plug-in builds ({@link
 * #open()}); or, to count the same things with nothing shared, a fresh context each time ({@link
 * #fresh()}). It counts the contexts it hands out (a plug-in that builds its TLS some other way, as
 * Lettuce does, takes none: it cannot share) and the full handshakes: the client checks the
 * server's certificate on a full handshake only, never on a resumed one.
 *
 * <pre>{@code
 * try (TlsSessionSharing sharing = TlsSessionSharing.open()) {
 *   TlsSessionSharing.Mark mark = sharing.mark();
 *   // open a client through its plug-in, one call, close it
 *   sharing.since(mark);   // FULL, RESUMED, or OWN_TLS (the plug-in took no context from here)
 * }
 * }</pre>
 *
 * <p>Process-wide, one at a time: {@code rpcx-bench handshake}'s resumed mode, and its tests.
 */
public final class TlsSessionSharing implements AutoCloseable {
  private static final AtomicReference<TlsSessionSharing> CURRENT = new AtomicReference<>();

  /** What a connect did with the shared contexts. */
  public enum Outcome {
    /** The plug-in took no context from here: it builds its TLS apart from {@link TlsContexts}. */
    OWN_TLS,
    /** The server's certificate was checked: a full handshake. */
    FULL,
    /** No certificate checked: the session was resumed. */
    RESUMED
  }

  /** The counters at one moment. */
  public record Mark(long handedOut, long fullHandshakes) {}

  private final Map<List<Path>, SSLContext> contexts = new ConcurrentHashMap<>();
  private final AtomicLong handedOut = new AtomicLong();
  private final AtomicLong fullHandshakes = new AtomicLong();
  private final boolean shared;

  private TlsSessionSharing(boolean shared) {
    this.shared = shared;
  }

  /**
   * Opens the sharing; close it to build every context afresh again.
   *
   * @throws IllegalStateException when one is open already
   */
  public static TlsSessionSharing open() {
    return install(new TlsSessionSharing(true));
  }

  /**
   * Opens a count of handshakes with nothing shared: every client its own fresh context, as without
   * a sharing, each counting its full handshakes.
   *
   * @throws IllegalStateException when one is open already
   */
  public static TlsSessionSharing fresh() {
    return install(new TlsSessionSharing(false));
  }

  private static TlsSessionSharing install(TlsSessionSharing s) {
    if (!CURRENT.compareAndSet(null, s)) {
      throw new IllegalStateException("a TLS session sharing is open already");
    }
    return s;
  }

  /** The open sharing, or null. */
  static TlsSessionSharing current() {
    return CURRENT.get();
  }

  /** The counters now. */
  public Mark mark() {
    return new Mark(handedOut.get(), fullHandshakes.get());
  }

  /** What the connects since {@code mark} did: resumed only if none handshook in full. */
  public Outcome since(Mark mark) {
    if (handedOut.get() == mark.handedOut()) {
      return Outcome.OWN_TLS;
    }
    return fullHandshakes.get() == mark.fullHandshakes() ? Outcome.RESUMED : Outcome.FULL;
  }

  /** The one context of these files (or a fresh one), its trust manager counting. */
  SSLContext client(Path ca, Path cert, Path key) {
    handedOut.incrementAndGet();
    if (!shared) {
      return TlsContexts.clientCounting(ca, cert, key, this::countingTrust);
    }
    return contexts.computeIfAbsent(
        Arrays.asList(ca, cert, key),
        k -> TlsContexts.clientCounting(ca, cert, key, this::countingTrust));
  }

  private TrustManager[] countingTrust(TrustManager[] managers) {
    TrustManager[] counted = managers.clone();
    for (int i = 0; i < counted.length; i++) {
      if (counted[i] instanceof X509ExtendedTrustManager x) {
        counted[i] = new Counting(x, fullHandshakes);
      }
    }
    return counted;
  }

  @Override
  public void close() {
    CURRENT.compareAndSet(this, null);
  }

  /** The JDK's trust manager, counting its checks of a server's certificate. */
  private static final class Counting extends X509ExtendedTrustManager {
    private final X509ExtendedTrustManager trust;
    private final AtomicLong checks;

    Counting(X509ExtendedTrustManager trust, AtomicLong checks) {
      this.trust = trust;
      this.checks = checks;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      checks.incrementAndGet();
      trust.checkServerTrusted(chain, authType, socket);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      checks.incrementAndGet();
      trust.checkServerTrusted(chain, authType, engine);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      checks.incrementAndGet();
      trust.checkServerTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      trust.checkClientTrusted(chain, authType, socket);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      trust.checkClientTrusted(chain, authType, engine);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      trust.checkClientTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return trust.getAcceptedIssuers();
    }
  }
}
