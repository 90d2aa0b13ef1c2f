package io.rpcxbench.bench.bare;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * The bare baseline's frames: RPCX's framing (a varint32 length, then that many bytes) around the
 * least a request/response protocol needs: {@code [id: 8 bytes][body]}. A hello request's body is
 * the UTF-8 name, its reply's body {@code "hello, " + name}; an echo has the id's top bit set and
 * its reply body is the payload unchanged.
 */
final class BareFrames {
  /** Room for the harness's largest echo (1 MiB) plus the id; anything longer is refused. */
  static final int MAX_FRAME_LENGTH = 2 * 1024 * 1024;

  static final int ID_BYTES = Long.BYTES;

  /** Set in an echo call's id; hello ids (counting up from 1) never have it. */
  static final long ECHO_BIT = Long.MIN_VALUE;

  static final byte[] HELLO_PREFIX = "hello, ".getBytes(StandardCharsets.UTF_8);

  private BareFrames() {}

  static int varint32Size(int value) {
    if ((value & (~0 << 7)) == 0) {
      return 1;
    }
    if ((value & (~0 << 14)) == 0) {
      return 2;
    }
    if ((value & (~0 << 21)) == 0) {
      return 3;
    }
    if ((value & (~0 << 28)) == 0) {
      return 4;
    }
    return 5;
  }

  static void writeVarint32(ByteBuf out, int value) {
    int v = value;
    while ((v & ~0x7f) != 0) {
      out.writeByte((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    out.writeByte(v);
  }

  /** Writes {@code value} as a varint32 at {@code at}; returns the index after it. */
  static int writeVarint32(byte[] out, int at, int value) {
    int v = value;
    int i = at;
    while ((v & ~0x7f) != 0) {
      out[i++] = (byte) ((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    out[i++] = (byte) v;
    return i;
  }

  /** Writes {@code value} big-endian at {@code at}; returns the index after it. */
  static int writeLong(byte[] out, int at, long value) {
    for (int shift = 56, i = at; shift >= 0; shift -= 8, i++) {
      out[i] = (byte) (value >>> shift);
    }
    return at + Long.BYTES;
  }

  /** A whole frame: varint32 length, the id, the body. */
  static byte[] frame(long id, byte[] body) {
    int length = ID_BYTES + body.length;
    byte[] frame = new byte[frameSize(length)];
    int at = writeLong(frame, writeVarint32(frame, 0, length), id);
    System.arraycopy(body, 0, frame, at, body.length);
    return frame;
  }

  /** The total size of a frame whose id and body take {@code length} bytes. */
  static int frameSize(int length) {
    return varint32Size(length) + length;
  }
}
