package io.rpcxbench.bench.bare;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.util.List;

/**
 * Splits the stream into varint32-length-prefixed frames, as RPCX's decoder does, and passes each
 * on as a retained slice of the input (no copy, no parse). Never trusts a length: a prefix over 5
 * bytes, a length over the maximum or shorter than an id is an error, after which the rest of the
 * input is dropped and the handler closes the connection.
 */
final class BareFrameDecoder extends ByteToMessageDecoder {
  private static final int MAX_VARINT32_BYTES = 5;

  private final int maxFrameLength;
  private boolean failed;

  BareFrameDecoder(int maxFrameLength) {
    this.maxFrameLength = maxFrameLength;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      while (in.isReadable()) {
        int start = in.readerIndex();
        long length = readLength(in);
        if (length < 0) {
          in.readerIndex(start);
          return;
        }
        if (length > maxFrameLength) {
          throw new TooLongFrameException(
              "frame length " + length + " exceeds the maximum " + maxFrameLength);
        }
        if (length < BareFrames.ID_BYTES) {
          throw new CorruptedFrameException("frame of " + length + " bytes is shorter than an id");
        }
        if (in.readableBytes() < length) {
          in.readerIndex(start);
          return;
        }
        out.add(in.readRetainedSlice((int) length));
      }
    } catch (RuntimeException e) {
      failed = true;
      in.skipBytes(in.readableBytes());
      throw e;
    }
  }

  /** The length prefix, or -1 when more bytes are needed for it. */
  private static long readLength(ByteBuf in) {
    long result = 0;
    for (int i = 0; i < MAX_VARINT32_BYTES; i++) {
      if (!in.isReadable()) {
        return -1;
      }
      byte b = in.readByte();
      result |= (long) (b & 0x7f) << (7 * i);
      if (b >= 0) {
        return result;
      }
    }
    throw new CorruptedFrameException("malformed length prefix (varint longer than 32 bits)");
  }
}
