package io.rpcxbench.rpcx;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.util.List;

/**
 * Splits the byte stream into varint32-length-prefixed protobuf frames and parses each with a fixed
 * parser. Never trusts a length it was sent: a length over the maximum, a malformed varint or an
 * unparsable message is an error, after which the connection is closed and the rest of its input,
 * already received or still to come, is dropped unread.
 */
class FrameDecoder<T extends MessageLite> extends ByteToMessageDecoder {
  private static final int MAX_VARINT32_BYTES = 5;

  /**
   * Frames up to this size are copied into one array the decoder keeps; larger ones get their own.
   */
  private static final int KEPT_FRAME_BYTES = 64 * 1024;

  private final Parser<T> parser;
  private byte[] frameBytes = new byte[256];
  private final int maxFrameLength;
  private boolean failed;

  FrameDecoder(Parser<T> parser, int maxFrameLength) {
    this.parser = parser;
    this.maxFrameLength = maxFrameLength;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      decodeFrames(in, out);
    } catch (RuntimeException | Error e) {
      // Also an Error (out of memory): nothing after a failure is decoded, and the connection goes.
      failed = true;
      in.skipBytes(in.readableBytes());
      ctx.channel().config().setAutoRead(false);
      ctx.close();
      throw e;
    }
    if (!unfinished(ctx, in.isReadable() ? in.capacity() : 0)) {
      failed = true;
      in.skipBytes(in.readableBytes());
    }
  }

  /**
   * After each decode: the bytes held for a frame that is not complete yet (the buffer's capacity,
   * what it really costs), 0 when none. The server's decoder checks them against its limits.
   *
   * @return false when the connection was closed for it
   */
  boolean unfinished(ChannelHandlerContext ctx, long heldBytes) {
    return true;
  }

  /** Whether a decode error closed this connection (its remaining input is dropped). */
  final boolean failed() {
    return failed;
  }

  private void decodeFrames(ByteBuf in, List<Object> out) {
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
      if (in.readableBytes() < length) {
        in.readerIndex(start);
        return;
      }
      out.add(parse(in, (int) length));
      in.skipBytes((int) length);
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

  /** The message of one complete frame at the reader index (which the caller then moves on). */
  Object parse(ByteBuf in, int length) {
    try {
      CodedInputStream input = input(in, length);
      T message = parser.parseFrom(input);
      input.checkLastTagWas(0); // an end-group tag would otherwise end the message early, silently
      return message;
    } catch (InvalidProtocolBufferException e) {
      throw new CorruptedFrameException("malformed protobuf message: " + e.getMessage());
    }
  }

  /**
   * A protobuf input over the frame's bytes: the buffer's own array, or one copy of a direct
   * buffer's bytes into {@link #frameBytes} (protobuf over a direct buffer would allocate a view of
   * it and copy the bytes into a new array of its own, per frame).
   */
  private CodedInputStream input(ByteBuf in, int length) {
    if (in.hasArray()) {
      return CodedInputStream.newInstance(in.array(), in.arrayOffset() + in.readerIndex(), length);
    }
    byte[] bytes = frameBytes(length);
    in.getBytes(in.readerIndex(), bytes, 0, length);
    return CodedInputStream.newInstance(bytes, 0, length);
  }

  /**
   * An array of at least {@code length} bytes for one frame: the one this decoder keeps (grown up
   * to {@link #KEPT_FRAME_BYTES}), or a new one for a larger frame. Event loop only; whatever is
   * parsed from it is copied out (protobuf does not alias its input unless told to).
   */
  final byte[] frameBytes(int length) {
    if (length <= frameBytes.length) {
      return frameBytes;
    }
    byte[] bytes = new byte[length];
    if (length <= KEPT_FRAME_BYTES) {
      frameBytes = bytes;
    }
    return bytes;
  }
}
