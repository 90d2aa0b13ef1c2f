package io.rpcxbench.rpcx;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.MessageLite;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/** Writes one message as a frame: varint32 length, then the message bytes, in one pooled buffer. */
final class Frames {
  /**
   * The default maximum frame length: 4 MiB, four times the benchmark's largest payload (it was 16
   * MiB: room for a request that makes hundreds of MB of objects).
   */
  static final int DEFAULT_MAX_FRAME_LENGTH = 4 * 1024 * 1024;

  private Frames() {}

  /** The frame's message size, for checking it against a maximum before encoding. */
  static int messageSize(MessageLite message) {
    return message.getSerializedSize();
  }

  static ByteBuf encode(ByteBufAllocator alloc, MessageLite message) {
    int size = message.getSerializedSize();
    int total = CodedOutputStream.computeUInt32SizeNoTag(size) + size;
    ByteBuf buf = alloc.ioBuffer(total, total);
    try {
      ByteBuffer target = buf.nioBuffer(0, total);
      CodedOutputStream out = CodedOutputStream.newInstance(target);
      out.writeUInt32NoTag(size);
      message.writeTo(out);
      out.flush();
      buf.writerIndex(total);
      return buf;
    } catch (IOException | RuntimeException e) {
      buf.release();
      throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
    }
  }

  /** One message as a frame in an array of its exact size (the server's error replies). */
  static byte[] frame(MessageLite message) {
    int size = message.getSerializedSize();
    byte[] frame = new byte[CodedOutputStream.computeUInt32SizeNoTag(size) + size];
    CodedOutputStream out = CodedOutputStream.newInstance(frame);
    try {
      out.writeUInt32NoTag(size);
      message.writeTo(out);
      out.checkNoSpaceLeft();
      return frame;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
