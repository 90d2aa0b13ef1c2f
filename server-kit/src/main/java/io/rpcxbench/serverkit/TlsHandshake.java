package io.rpcxbench.serverkit;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLSocket;

/**
 * A blocking server's TLS handshake with a deadline ({@code --handshake-deadline}): the handshake
 * runs at once on the connection's own thread, and a timer closes the socket if it is not done in
 * time, which ends the read the thread is blocked in. Without it the JDK handshakes at the first
 * read, where only {@code SO_TIMEOUT} bounds each wait: a ClientHello trickled a byte a second, or
 * sent and never followed by the client's Finished, kept its thread and its connection slot.
 *
 * <pre>{@code
 * if (socket instanceof SSLSocket tls) {
 *   TlsHandshake.within(tls, limits.handshakeDeadline()); // Late when the deadline passed
 * }
 * }</pre>
 */
public final class TlsHandshake {
  /** Timers only close sockets: one daemon thread serves every server of the process. */
  private static final ScheduledThreadPoolExecutor TIMERS = timers();

  private TlsHandshake() {}

  /** The handshake did not finish within the deadline; the socket is closed. */
  public static final class Late extends SocketTimeoutException {
    private static final long serialVersionUID = 1L;

    Late(Duration deadline) {
      super(
          "TLS handshake unfinished after "
              + LimitConverters.format(deadline)
              + " (--handshake-deadline)");
    }
  }

  /**
   * Handshakes {@code socket} now, on this thread (server side: until the client's Finished), and
   * closes it when that takes longer than {@code deadline}; zero: no deadline.
   *
   * @throws Late when the deadline passed (the socket is closed)
   * @throws IOException when the handshake failed otherwise (a bad certificate, garbage)
   */
  public static void within(SSLSocket socket, Duration deadline) throws IOException {
    if (deadline.isZero()) {
      socket.startHandshake();
      return;
    }
    AtomicBoolean late = new AtomicBoolean();
    ScheduledFuture<?> timer =
        TIMERS.schedule(
            () -> {
              late.set(true);
              closeQuietly(socket);
            },
            deadline.toNanos(),
            TimeUnit.NANOSECONDS);
    try {
      socket.startHandshake();
    } catch (IOException e) {
      if (late.get()) {
        Late thrown = new Late(deadline);
        thrown.initCause(e);
        throw thrown;
      }
      throw e;
    } finally {
      timer.cancel(false);
    }
    if (late.get()) {
      throw new Late(deadline); // done as the timer closed it
    }
  }

  private static void closeQuietly(SSLSocket socket) {
    try {
      socket.close();
    } catch (IOException | RuntimeException e) {
      // closing anyway
    }
  }

  private static ScheduledThreadPoolExecutor timers() {
    ScheduledThreadPoolExecutor timers =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread t = new Thread(task, "tls-handshake-deadline");
              t.setDaemon(true);
              return t;
            });
    timers.setRemoveOnCancelPolicy(true); // a handshake done in time leaves no task behind
    return timers;
  }
}
