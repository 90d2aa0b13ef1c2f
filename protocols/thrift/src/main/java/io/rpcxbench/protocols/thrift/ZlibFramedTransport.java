package io.rpcxbench.protocols.thrift;

import java.util.zip.Deflater;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.TZlibTransport;

/**
 * {@code --compression zlib}: libthrift's own {@link TZlibTransport} over the framed transport, on
 * both ends. The protocol writes into the zlib stream; each flush ends the message with a sync
 * flush, so one message is one frame of deflated bytes. Its level is libthrift's default ({@link
 * Deflater#BEST_COMPRESSION}); each message read is bounded by the connection's maximum message
 * size (TZlibTransport counts the inflated bytes and starts again at every flush).
 *
 * <p>One change to libthrift's class: it reports the framed transport's failures wrapped twice, as
 * an {@code UNKNOWN} transport exception around an IOException; they are rethrown as they were, so
 * that a timeout is still a timeout and a closed connection a clean end of stream.
 */
final class ZlibFramedTransport extends TZlibTransport {
  /** The codec's name in the catalog and in {@code --compression}. */
  static final String CODEC = "zlib";

  /**
   * The first byte of every zlib stream that {@link Deflater} writes (deflate, 32 KiB window),
   * where a binary-protocol message starts with 0x80 (strict) or 0x00 (a short method name).
   */
  static final int FIRST_BYTE = 0x78;

  ZlibFramedTransport(TTransport framed) throws TTransportException {
    super(framed);
  }

  @Override
  public int read(byte[] buf, int off, int len) throws TTransportException {
    try {
      return super.read(buf, off, len);
    } catch (TTransportException e) {
      throw unwrapped(e);
    }
  }

  @Override
  public void write(byte[] buf, int off, int len) throws TTransportException {
    try {
      super.write(buf, off, len);
    } catch (TTransportException e) {
      throw unwrapped(e);
    }
  }

  @Override
  public void flush() throws TTransportException {
    try {
      super.flush();
    } catch (TTransportException e) {
      throw unwrapped(e);
    }
  }

  /** The framed transport's own exception inside {@code e}, else {@code e}. */
  private static TTransportException unwrapped(TTransportException e) {
    for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
      if (c instanceof TTransportException inner) {
        return inner;
      }
    }
    return e;
  }
}
