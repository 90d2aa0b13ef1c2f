package io.rpcxbench.protocols.typedjson;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.rpcxbench.api.BenchContract;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The frame: a 4-byte big-endian length, then that many bytes: a 4-byte request id and the typed
 * JSON of one {@code Request} or {@code Reply}. The length is never trusted beyond {@link
 * #MAX_FRAME}, which is what the contract's largest messages need: a 1 MiB payload in base64 plus
 * room for the key, the type ids and the JSON around them (items(10,000) is smaller, ~1.37 MB).
 */
final class Frames {
  static final int LENGTH_BYTES = 4;
  static final int ID_BYTES = 4;

  /** Largest length a frame may announce: id + JSON. */
  static final int MAX_FRAME = 4 * ((BenchContract.MAX_PAYLOAD + 2) / 3) + 64 * 1024;

  private Frames() {}

  /** Splits the stream into frames of id + JSON (length stripped); fails fast over the bound. */
  static LengthFieldBasedFrameDecoder decoder() {
    return decoder(MAX_FRAME);
  }

  /** As {@link #decoder()}, for frames of at most {@code max} bytes of id + JSON. */
  static LengthFieldBasedFrameDecoder decoder(int max) {
    return new LengthFieldBasedFrameDecoder(
        LENGTH_BYTES + max, 0, LENGTH_BYTES, 0, LENGTH_BYTES, true);
  }

  /** A whole frame for a value, written straight into a buffer; null when over the bound. */
  static ByteBuf encode(
      ByteBufAllocator alloc, int id, Object value, com.fasterxml.jackson.databind.ObjectWriter w)
      throws IOException {
    ByteBuf buf = alloc.ioBuffer(256);
    boolean done = false;
    try {
      int start = buf.writerIndex();
      buf.writeInt(0).writeInt(id);
      try (OutputStream out = new ByteBufOutputStream(buf)) {
        w.writeValue(out, value);
      }
      int length = buf.writerIndex() - start - LENGTH_BYTES;
      if (length > MAX_FRAME) {
        return null;
      }
      buf.setInt(start, length);
      done = true;
      return buf;
    } finally {
      if (!done) {
        buf.release();
      }
    }
  }
}
