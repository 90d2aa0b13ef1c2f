package io.rpcxbench.protocols.thrift;

import io.rpcxbench.serverkit.ArrivingFrame;
import io.rpcxbench.serverkit.BadInputException;
import io.rpcxbench.serverkit.BudgetShare;
import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.RateLimitedLog;
import io.rpcxbench.serverkit.ServerLimits;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import org.apache.thrift.TByteArrayOutputStream;
import org.apache.thrift.transport.TMemoryInputTransport;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.TTransportFactory;
import org.apache.thrift.transport.layered.TFramedTransport;
import org.apache.thrift.transport.layered.TLayeredTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's framed transport: the wire of {@link TFramedTransport} (a 4-byte length, then the
 * message), but a frame is read as its bytes arrive within the server kit's {@link InputBudget}
 * (TFramedTransport allocates the announced length at once), and once its first byte arrived it
 * must be whole within {@code --frame-deadline}: each read waits only for what is left of it, so a
 * sender trickling a byte at a time is cut. Between frames a read waits for the idle timeout.
 */
final class ArrivingFramedTransport extends TLayeredTransport {
  private static final Logger log = LoggerFactory.getLogger(ArrivingFramedTransport.class);

  private final Factory factory;
  private final Socket socket;
  private final BudgetShare share;
  private final TMemoryInputTransport readBuffer;
  private final TByteArrayOutputStream writeBuffer = new TByteArrayOutputStream(1024);
  private final byte[] header = new byte[4];
  private long frameStart;
  private boolean spoke;

  private ArrivingFramedTransport(Factory factory, TSocket inner) throws TTransportException {
    super(inner);
    this.factory = factory;
    this.socket = inner.getSocket();
    this.share = factory.budget.share();
    this.readBuffer = new TMemoryInputTransport(inner.getConfiguration(), new byte[0]);
    if (factory.limits.hasHandshakeDeadline()) {
      // the first byte is due within the handshake deadline: silent connections never hold the cap
      try {
        socket.setSoTimeout(
            (int)
                Math.max(
                    1, Math.min(Integer.MAX_VALUE, factory.limits.handshakeDeadline().toMillis())));
      } catch (java.net.SocketException e) {
        throw new TTransportException(TTransportException.END_OF_FILE, e);
      }
    }
  }

  /** Makes one per accepted socket; shares the server's budget and log. */
  static final class Factory extends TTransportFactory {
    private final ServerLimits limits;
    private final int maxFrame;
    private final InputBudget budget;
    private final RateLimitedLog warnings = new RateLimitedLog(log);

    Factory(ServerLimits limits, int maxFrame) {
      this.limits = limits;
      this.maxFrame = maxFrame;
      this.budget = InputBudget.shared(limits.maxBufferedBytes());
    }

    @Override
    public TTransport getTransport(TTransport base) throws TTransportException {
      if (!(base instanceof TSocket socket)) {
        return new TFramedTransport(base, maxFrame);
      }
      return new ArrivingFramedTransport(this, socket);
    }
  }

  @Override
  public boolean isOpen() {
    return getInnerTransport().isOpen();
  }

  @Override
  public void open() throws TTransportException {
    getInnerTransport().open();
  }

  @Override
  public void close() {
    share.release();
    getInnerTransport().close();
  }

  @Override
  public int read(byte[] buf, int off, int len) throws TTransportException {
    int got = readBuffer.read(buf, off, len);
    if (got > 0) {
      return got;
    }
    readFrame();
    return readBuffer.read(buf, off, len);
  }

  @Override
  public byte[] getBuffer() {
    return readBuffer.getBuffer();
  }

  @Override
  public int getBufferPosition() {
    return readBuffer.getBufferPosition();
  }

  @Override
  public int getBytesRemainingInBuffer() {
    return readBuffer.getBytesRemainingInBuffer();
  }

  @Override
  public void consumeBuffer(int len) {
    readBuffer.consumeBuffer(len);
  }

  @Override
  public void write(byte[] buf, int off, int len) {
    writeBuffer.write(buf, off, len);
  }

  /** Writes the reply's frame; the request it answers no longer holds any of the budget. */
  @Override
  public void flush() throws TTransportException {
    byte[] size = new byte[4];
    TFramedTransport.encodeFrameSize(writeBuffer.len(), size);
    getInnerTransport().write(size, 0, 4);
    getInnerTransport().write(writeBuffer.get(), 0, writeBuffer.len());
    writeBuffer.reset();
    getInnerTransport().flush();
    readBuffer.reset(new byte[0]);
    share.release();
  }

  private void readFrame() throws TTransportException {
    frameStart = 0;
    try {
      InputStream in = new FrameStream();
      int filled = 0;
      while (filled < header.length) {
        int n = in.read(header, filled, header.length - filled);
        if (n < 0) {
          throw new TTransportException(TTransportException.END_OF_FILE, "end of stream");
        }
        filled += n;
      }
      int size = TFramedTransport.decodeFrameSize(header);
      if (size < 0 || size > factory.maxFrame) {
        throw new BadInputException(
            "frame of "
                + Integer.toUnsignedString(size)
                + " bytes, the limit is "
                + factory.maxFrame);
      }
      byte[] frame = ArrivingFrame.read(in, size, share);
      readBuffer.reset(frame);
      idleTimeout();
    } catch (BadInputException e) {
      refuse(e.getMessage());
    } catch (SocketTimeoutException e) {
      if (frameStart == 0 && !spoke && factory.limits.hasHandshakeDeadline()) {
        factory.warnings.warn(
            "silent",
            "thrift: closed the connection from {}: it sent nothing in {} (--handshake-deadline)",
            socket.getRemoteSocketAddress(),
            factory.limits.handshakeDeadline());
        close();
        throw new TTransportException(TTransportException.END_OF_FILE, "silent");
      }
      if (frameStart == 0) { // idle between requests: closed without a warning
        log.debug("thrift: closing the connection from {}: idle", socket.getRemoteSocketAddress());
        close();
        throw new TTransportException(TTransportException.END_OF_FILE, "idle");
      }
      refuse(
          "its request is still unfinished after "
              + factory.limits.frameDeadline()
              + " (--frame-deadline)");
    } catch (TTransportException e) {
      throw e;
    } catch (IOException e) {
      throw new TTransportException(TTransportException.END_OF_FILE, e);
    }
  }

  /** Logs (rate-limited), closes, and ends the worker as a client that left would (no trace). */
  private void refuse(String why) throws TTransportException {
    factory.warnings.warn(
        "bad-input",
        "thrift: closing the connection from {}: {}",
        socket.getRemoteSocketAddress(),
        why);
    close();
    throw new TTransportException(TTransportException.END_OF_FILE, why);
  }

  private void idleTimeout() throws IOException {
    if (frameStart != 0) {
      socket.setSoTimeout(
          factory.limits.hasIdleTimeout()
              ? (int) Math.min(Integer.MAX_VALUE, factory.limits.idleTimeout().toMillis())
              : 0);
    }
  }

  /**
   * The socket's bytes; once a frame began, each read waits only for what is left of the deadline.
   */
  private final class FrameStream extends InputStream {
    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (frameStart != 0 && factory.limits.hasFrameDeadline()) {
        long left =
            factory.limits.frameDeadline().toMillis()
                - (System.nanoTime() - frameStart) / 1_000_000;
        if (left <= 0) {
          throw new SocketTimeoutException("frame deadline");
        }
        socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
      }
      int n;
      try {
        n = getInnerTransport().read(b, off, len);
      } catch (TTransportException e) {
        if (e.getCause() instanceof SocketTimeoutException timeout) {
          throw timeout;
        }
        if (e.getType() == TTransportException.END_OF_FILE) {
          return -1;
        }
        throw new IOException(e);
      }
      if (n > 0 && frameStart == 0) {
        spoke = true;
        frameStart = System.nanoTime();
      }
      return n;
    }
  }
}
