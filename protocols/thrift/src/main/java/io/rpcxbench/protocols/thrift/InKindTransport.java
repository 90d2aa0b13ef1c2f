package io.rpcxbench.protocols.thrift;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.TTransportFactory;
import org.apache.thrift.transport.layered.TLayeredTransport;

/**
 * The server answers each connection in kind, as gRPC's does: a connection whose first frame starts
 * a zlib stream ({@link ZlibFramedTransport#FIRST_BYTE}) is read and answered through {@link
 * ZlibFramedTransport}, as its client wrote it; any other goes to the framed transport unchanged.
 * So {@code --compression zlib} needs nothing on the server's command line, and a plaintext run is
 * the same as before. The first byte is read from the framed transport once, then handed on before
 * anything else.
 *
 * <p>TThreadPoolServer asks its factory for an input and an output transport per connection; both
 * are the same {@code InKindTransport} here ({@link Factory}), reading from the input's framed
 * transport and writing to the output's as before, so that the reply is compressed when the request
 * was and one zlib transport both inflates and deflates (its count of a message's inflated bytes
 * starts again at each reply it flushes).
 */
final class InKindTransport extends TLayeredTransport {
  private final TTransport framed; // the input's
  private TTransport output; // the output's framed transport; the input's until paired
  private int firstByte = -1; // read to tell zlib from plain, not yet handed on
  private TTransport through; // null until the first byte arrived
  private boolean closed;

  private InKindTransport(TTransport framed) {
    super(framed);
    this.framed = framed;
    this.output = framed;
  }

  /**
   * Gives TThreadPoolServer's two calls per connection (input, then output, on the worker thread)
   * the same transport: the first call makes it, the second takes it.
   */
  static final class Factory extends TTransportFactory {
    private final TTransportFactory framed;
    private final Map<TTransport, InKindTransport> unpaired = new ConcurrentHashMap<>();

    Factory(TTransportFactory framed) {
      this.framed = framed;
    }

    @Override
    public TTransport getTransport(TTransport base) throws TTransportException {
      InKindTransport input = unpaired.remove(base);
      if (input != null) {
        input.output = framed.getTransport(base);
        return input;
      }
      InKindTransport made = new InKindTransport(framed.getTransport(base));
      unpaired.put(base, made);
      return made;
    }
  }

  /** Whether the client compressed: known after the first read. */
  boolean compressed() {
    return through instanceof ZlibFramedTransport;
  }

  @Override
  public int read(byte[] buf, int off, int len) throws TTransportException {
    if (through == null) {
      byte[] one = new byte[1];
      framed.readAll(one, 0, 1);
      firstByte = one[0] & 0xff;
      through =
          firstByte == ZlibFramedTransport.FIRST_BYTE
              ? new ZlibFramedTransport(new Replayed())
              : new Replayed();
    }
    return through.read(buf, off, len);
  }

  @Override
  public void write(byte[] buf, int off, int len) throws TTransportException {
    (through == null ? output : through).write(buf, off, len);
  }

  @Override
  public void flush() throws TTransportException {
    (through == null ? output : through).flush();
  }

  // The plain path keeps the framed transport's buffer for the protocol's fast reads.

  @Override
  public byte[] getBuffer() {
    return plainNow() ? framed.getBuffer() : null;
  }

  @Override
  public int getBufferPosition() {
    return plainNow() ? framed.getBufferPosition() : 0;
  }

  @Override
  public int getBytesRemainingInBuffer() {
    return plainNow() ? framed.getBytesRemainingInBuffer() : -1;
  }

  @Override
  public void consumeBuffer(int len) {
    if (plainNow()) {
      framed.consumeBuffer(len);
    }
  }

  /** Plain, and the first byte handed on: the framed transport's buffer is the protocol's. */
  private boolean plainNow() {
    return through instanceof Replayed && firstByte < 0;
  }

  @Override
  public boolean isOpen() {
    return framed.isOpen();
  }

  @Override
  public void open() throws TTransportException {
    framed.open();
  }

  /** Closes once, though TThreadPoolServer closes its input and its output transport. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      if (through != null) {
        through.close();
      }
      framed.close();
      output.close();
    }
  }

  /** The input's framed transport with the first byte put back in front; writes to the output's. */
  private final class Replayed extends TLayeredTransport {
    Replayed() {
      super(framed);
    }

    @Override
    public int read(byte[] buf, int off, int len) throws TTransportException {
      if (firstByte >= 0 && len > 0) {
        buf[off] = (byte) firstByte;
        firstByte = -1;
        return 1;
      }
      return framed.read(buf, off, len);
    }

    @Override
    public void write(byte[] buf, int off, int len) throws TTransportException {
      output.write(buf, off, len);
    }

    @Override
    public void flush() throws TTransportException {
      output.flush();
    }

    @Override
    public boolean isOpen() {
      return framed.isOpen();
    }

    @Override
    public void open() throws TTransportException {
      framed.open();
    }

    @Override
    public void close() {
      // InKindTransport.close closes both framed transports
    }
  }
}
