package io.rpcxbench.protocols.capnp;

import io.rpcxbench.api.BenchContract;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Optional;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;
import org.capnproto.ReaderOptions;
import org.capnproto.Serialize;

/**
 * Cap'n Proto's standard stream framing ({@link Serialize}: segment count, segment sizes, the
 * segments) on a socket's blocking streams, with a bound on what a peer may announce.
 *
 * <p>The bound is the reader's traversal limit: {@code Serialize.read} sums the segment table and
 * refuses a message over the limit before it allocates a single segment, and the same limit stops a
 * crafted message from making the accessors read more words than it holds (amplification). A
 * well-formed message is read once by our accessors, so its traversal is at most its size.
 */
final class Frames {
  /** The largest request a server reads: the largest payload plus room for the rest. */
  static final ReaderOptions REQUEST_LIMITS =
      new ReaderOptions((BenchContract.MAX_PAYLOAD + 64 * 1024) / 8, 64);

  /**
   * The largest reply a client reads: items(10,000) is ~1.3 MB (16 words a record); 4 MiB bounds it
   * with room.
   */
  static final ReaderOptions REPLY_LIMITS = new ReaderOptions(4 * 1024 * 1024 / 8, 64);

  private Frames() {}

  /** The next message, or empty at a clean end of stream (between messages). */
  static Optional<MessageReader> read(ReadableByteChannel in, ReaderOptions limits)
      throws IOException {
    return Serialize.tryRead(in, limits);
  }

  /** Room for a message of about {@code bytes}, so that it fits in one segment. */
  static MessageBuilder builder(int bytes) {
    return new MessageBuilder(Math.max(64, bytes / 8 + 64));
  }

  /** A blocking channel over the socket's stream, without the JDK adapter's 8 KiB copy loop. */
  static ReadableByteChannel channel(InputStream in) {
    return new ReadableByteChannel() {
      private boolean open = true;

      @Override
      public int read(ByteBuffer dst) throws IOException {
        if (!dst.hasArray()) {
          byte[] bytes = new byte[dst.remaining()];
          int n = in.read(bytes);
          if (n > 0) {
            dst.put(bytes, 0, n);
          }
          return n;
        }
        int n = in.read(dst.array(), dst.arrayOffset() + dst.position(), dst.remaining());
        if (n > 0) {
          dst.position(dst.position() + n);
        }
        return n;
      }

      @Override
      public boolean isOpen() {
        return open;
      }

      @Override
      public void close() {
        open = false;
      }
    };
  }

  /** A channel that writes into the (buffered) stream; flush the stream after a message. */
  static WritableByteChannel channel(OutputStream out) {
    return new WritableByteChannel() {
      private boolean open = true;

      @Override
      public int write(ByteBuffer src) throws IOException {
        int n = src.remaining();
        if (src.hasArray()) {
          out.write(src.array(), src.arrayOffset() + src.position(), n);
          src.position(src.limit());
        } else {
          byte[] bytes = new byte[n];
          src.get(bytes);
          out.write(bytes);
        }
        return n;
      }

      @Override
      public boolean isOpen() {
        return open;
      }

      @Override
      public void close() {
        open = false;
      }
    };
  }
}
