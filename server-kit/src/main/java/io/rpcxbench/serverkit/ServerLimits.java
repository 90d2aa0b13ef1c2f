package io.rpcxbench.serverkit;

import java.time.Duration;
import java.util.Objects;

/**
 * What one server lets a client hold: the kit's {@code --idle-timeout}, {@code --frame-deadline},
 * {@code --max-connections}, {@code --max-frame} and {@code --max-buffered}, parsed once and handed
 * to the starter. Zero turns a duration or a count off. Which server honours which limit, and how,
 * is in {@code docs/hardening.md}.
 *
 * <pre>{@code
 * ServerMain.run(definition,
 *     ServerStarter.limited((bind, port, extra, limits) -> MyServer.start(bind, port, limits)),
 *     args);
 * }</pre>
 *
 * @param idleTimeout a connection with no bytes in either direction for this long is closed
 * @param frameDeadline a request whose first byte arrived this long ago and which is still not
 *     complete closes its connection (slow or stalled senders)
 * @param maxConnections connections open at once; a new one past it is closed at accept
 * @param maxFrameBytes the largest request accepted, in bytes
 * @param maxBufferedBytes the capacity of the buffers all connections of the process together may
 *     hold in unfinished requests (beyond {@link InputBudget#GRANTED_BYTES} each); the connection
 *     that would pass it is closed
 * @param handshakeDeadline a TLS connection whose handshake is not done, or a connection that sent
 *     no byte, this long after it was accepted is closed (a trickled or stalled ClientHello, a
 *     silent connection holding the cap)
 */
public record ServerLimits(
    Duration idleTimeout,
    Duration frameDeadline,
    int maxConnections,
    int maxFrameBytes,
    long maxBufferedBytes,
    Duration handshakeDeadline) {
  /** A connection idle for 5 minutes is closed (Tomcat: 60 s; gRPC: unlimited by default). */
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(5);

  /**
   * 30 s for a request to arrive once it has begun: a 1 MiB request needs 8.4 s at the paper's 1
   * Mbit/s, a slowloris sender never finishes.
   */
  public static final Duration DEFAULT_FRAME_DEADLINE = Duration.ofSeconds(30);

  /**
   * 10 s for a TLS handshake (Netty's {@code SslHandler} default; grpc-java's is 120 s): a full
   * handshake is a few round trips and a few KiB, 0.1 s at the paper's 1 Mbit/s.
   */
  public static final Duration DEFAULT_HANDSHAKE_DEADLINE = Duration.ofSeconds(10);

  /** Far above the clients' needs (one connection per calling thread at most), below ulimit -n. */
  public static final int DEFAULT_MAX_CONNECTIONS = 4096;

  /**
   * The contract's largest request (a 1 MiB payload, {@code BenchContract.MAX_PAYLOAD}) in JSON.
   */
  public static final int DEFAULT_MAX_FRAME_BYTES = 2 * 1024 * 1024;

  /** At most 64 MiB, at most a quarter of the heap limit and of the direct-memory limit. */
  public static final long DEFAULT_MAX_BUFFERED_BYTES = 64L * 1024 * 1024;

  /**
   * The slack over {@link #maxFrameBytes} before a decoder the kit does not own is cut off by its
   * byte count (its own bound applies first). Unfinished requests of every size count against
   * {@link #maxBufferedBytes}.
   */
  public static final int FREE_PARTIAL_BYTES = 64 * 1024;

  /** Below this a frame could not hold even an empty request. */
  static final int MIN_FRAME_BYTES = 16;

  public ServerLimits {
    Objects.requireNonNull(idleTimeout, "idleTimeout");
    Objects.requireNonNull(frameDeadline, "frameDeadline");
    Objects.requireNonNull(handshakeDeadline, "handshakeDeadline");
    if (idleTimeout.isNegative() || frameDeadline.isNegative() || handshakeDeadline.isNegative()) {
      throw new IllegalArgumentException("durations must be >= 0 (0: no limit)");
    }
    if (maxConnections < 0) {
      throw new IllegalArgumentException(
          "max connections must be >= 0 (0: no limit), got " + maxConnections);
    }
    if (maxFrameBytes < MIN_FRAME_BYTES) {
      throw new IllegalArgumentException(
          "max frame must be >= " + MIN_FRAME_BYTES + " bytes, got " + maxFrameBytes);
    }
    if (maxBufferedBytes < 0) {
      throw new IllegalArgumentException(
          "max buffered must be >= 0 (0: no limit), got " + maxBufferedBytes);
    }
  }

  /** The limits with the default handshake deadline. */
  public ServerLimits(
      Duration idleTimeout,
      Duration frameDeadline,
      int maxConnections,
      int maxFrameBytes,
      long maxBufferedBytes) {
    this(
        idleTimeout,
        frameDeadline,
        maxConnections,
        maxFrameBytes,
        maxBufferedBytes,
        DEFAULT_HANDSHAKE_DEADLINE);
  }

  /** Every default, the budget sized to this JVM. */
  public static ServerLimits defaults() {
    return new ServerLimits(
        DEFAULT_IDLE_TIMEOUT,
        DEFAULT_FRAME_DEADLINE,
        DEFAULT_MAX_CONNECTIONS,
        DEFAULT_MAX_FRAME_BYTES,
        defaultMaxBuffered());
  }

  /** No limit at all but the frame size: what servers had before the kit set limits. */
  public static ServerLimits none() {
    return new ServerLimits(
        Duration.ZERO, Duration.ZERO, 0, DEFAULT_MAX_FRAME_BYTES, 0, Duration.ZERO);
  }

  static long defaultMaxBuffered() {
    long memory = Math.min(Runtime.getRuntime().maxMemory(), MaxDirectMemory.bytes());
    return Math.min(DEFAULT_MAX_BUFFERED_BYTES, memory / 4);
  }

  public ServerLimits withIdleTimeout(Duration timeout) {
    return new ServerLimits(
        timeout, frameDeadline, maxConnections, maxFrameBytes, maxBufferedBytes, handshakeDeadline);
  }

  public ServerLimits withFrameDeadline(Duration deadline) {
    return new ServerLimits(
        idleTimeout, deadline, maxConnections, maxFrameBytes, maxBufferedBytes, handshakeDeadline);
  }

  public ServerLimits withMaxConnections(int max) {
    return new ServerLimits(
        idleTimeout, frameDeadline, max, maxFrameBytes, maxBufferedBytes, handshakeDeadline);
  }

  public ServerLimits withMaxFrameBytes(int max) {
    return new ServerLimits(
        idleTimeout, frameDeadline, maxConnections, max, maxBufferedBytes, handshakeDeadline);
  }

  public ServerLimits withMaxBufferedBytes(long max) {
    return new ServerLimits(
        idleTimeout, frameDeadline, maxConnections, maxFrameBytes, max, handshakeDeadline);
  }

  public ServerLimits withHandshakeDeadline(Duration deadline) {
    return new ServerLimits(
        idleTimeout, frameDeadline, maxConnections, maxFrameBytes, maxBufferedBytes, deadline);
  }

  /** Whether TLS handshakes have a deadline. */
  public boolean hasHandshakeDeadline() {
    return !handshakeDeadline.isZero();
  }

  /** Whether idle connections are closed. */
  public boolean hasIdleTimeout() {
    return !idleTimeout.isZero();
  }

  /** Whether unfinished requests have a deadline. */
  public boolean hasFrameDeadline() {
    return !frameDeadline.isZero();
  }

  /** Whether connections are capped. */
  public boolean hasMaxConnections() {
    return maxConnections > 0;
  }

  /** Whether unfinished requests share a budget. */
  public boolean hasMaxBuffered() {
    return maxBufferedBytes > 0;
  }

  /** The smaller of this frame limit and a protocol's own bound. */
  public int maxFrameBytes(int protocolBound) {
    return Math.min(maxFrameBytes, protocolBound);
  }

  /** One line for the start-up log, in the options' own units. */
  public String describe() {
    return "idle-timeout "
        + LimitConverters.format(idleTimeout)
        + ", frame-deadline "
        + LimitConverters.format(frameDeadline)
        + ", max-connections "
        + (hasMaxConnections() ? maxConnections : "off")
        + ", max-frame "
        + LimitConverters.formatBytes(maxFrameBytes)
        + ", max-buffered "
        + (hasMaxBuffered() ? LimitConverters.formatBytes(maxBufferedBytes) : "off")
        + ", handshake-deadline "
        + LimitConverters.format(handshakeDeadline);
  }
}
