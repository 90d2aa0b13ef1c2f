package io.rpcxbench.serverkit;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * A thread-per-connection socket's streams as the limits see them: a request begins with the first
 * byte read after a reply was flushed and ends with the next flush. The input is watched where the
 * conversation reads it, above any buffer: bytes of the next request that came in the same socket
 * read as a whole one start their request when they are read, after that one's reply. Between the
 * two the bytes are counted against the frame limit and the time against the frame deadline; from a
 * flush to the next byte, the time counts against the idle timeout. A watchdog thread reads {@link
 * #overdue}; the socket's own thread pays only a clock read and two volatile writes per read and
 * per flush, where an {@code SO_TIMEOUT} would turn every blocking read into a read, a poll and
 * another read.
 */
final class WatchedStreams {
  private static final long NONE = Long.MIN_VALUE;

  private final int maxRequestBytes;
  private final Runnable requestEnded;
  private volatile long requestStart = NONE;
  private volatile long idleSince = System.nanoTime();
  private final long opened = idleSince;
  private volatile boolean spoke;
  private long requestBytes;

  /**
   * @param requestEnded run at each flush: the request was answered
   */
  WatchedStreams(int maxRequestBytes, Runnable requestEnded) {
    this.maxRequestBytes = maxRequestBytes;
    this.requestEnded = requestEnded;
  }

  InputStream input(InputStream in) {
    return new FilterInputStream(in) {
      @Override
      public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
          received(1);
        }
        return b;
      }

      @Override
      public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = in.read(buffer, offset, length);
        if (n > 0) {
          received(n);
        }
        return n;
      }
    };
  }

  OutputStream output(OutputStream out) {
    return new FilterOutputStream(out) {
      @Override
      public void write(byte[] buffer, int offset, int length) throws IOException {
        out.write(buffer, offset, length);
      }

      @Override
      public void flush() throws IOException {
        out.flush();
        requestEnded.run();
        requestBytes = 0;
        requestStart = NONE;
        idleSince = System.nanoTime();
      }
    };
  }

  /** The connection spoke outside these streams: its TLS handshake is done. */
  void spoke() {
    spoke = true;
  }

  private void received(int n) throws BadInputException {
    if (!spoke) {
      spoke = true;
    }
    if (requestStart == NONE) {
      requestStart = System.nanoTime();
    }
    requestBytes += n;
    if (requestBytes > maxRequestBytes) {
      throw new BadInputException("a request of over " + maxRequestBytes + " bytes (--max-frame)");
    }
  }

  /**
   * Why the connection is past a limit at {@code now}, or null when it is not: "silent" (no byte
   * since it opened, past {@code silentNanos}), "deadline" or "idle".
   *
   * @param idleNanos the idle timeout, 0 for none
   * @param deadlineNanos the frame deadline, 0 for none
   * @param silentNanos how long a connection may send nothing after it opened, 0 for ever
   */
  String overdue(long now, long idleNanos, long deadlineNanos, long silentNanos) {
    if (!spoke && silentNanos > 0 && now - opened > silentNanos) {
      return "silent";
    }
    long started = requestStart;
    if (started != NONE) {
      return deadlineNanos > 0 && now - started > deadlineNanos ? "deadline" : null;
    }
    return idleNanos > 0 && now - idleSince > idleNanos ? "idle" : null;
  }
}
