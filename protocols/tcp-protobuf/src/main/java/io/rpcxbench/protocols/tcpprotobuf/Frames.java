package io.rpcxbench.protocols.tcpprotobuf;

import com.google.protobuf.CodedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads one varint-delimited frame (what {@code writeDelimitedTo} writes) without trusting its
 * length: {@code parseDelimitedFrom} would allocate whatever the peer announces. Client-safe: it
 * needs nothing of the server kit (the harness's jar carries no server classes); the server's reads
 * within its budget are {@link ServerFrames}'.
 */
final class Frames {
  /** The largest frame either side reads: the largest payload plus room for the rest. */
  static final int MAX_FRAME = io.rpcxbench.api.BenchContract.MAX_PAYLOAD + 64 * 1024;

  private Frames() {}

  /** A frame that cannot be read: longer than allowed, or a broken length. */
  static final class BadFrameException extends IOException {
    private static final long serialVersionUID = 1L;

    BadFrameException(String message) {
      super(message);
    }
  }

  /**
   * The next frame's bytes, or null at a clean end of stream (between frames). For a peer whose
   * lengths are trusted as far as {@code max} (the client reading its server's replies).
   *
   * @throws BadFrameException when the length is malformed or larger than {@code max}
   * @throws EOFException when the stream ends inside a frame
   */
  static byte[] read(InputStream in, int max) throws IOException {
    int length = readLength(in, max);
    if (length < 0) {
      return null;
    }
    byte[] frame = new byte[length];
    int read = in.readNBytes(frame, 0, length);
    if (read < length) {
      throw new EOFException("stream ended " + read + " bytes into a " + length + " byte frame");
    }
    return frame;
  }

  /** The next frame's length, or -1 at a clean end of stream. */
  static int readLength(InputStream in, int max) throws IOException {
    int first = in.read();
    if (first < 0) {
      return -1;
    }
    int length;
    try {
      length = CodedInputStream.readRawVarint32(first, in);
    } catch (IOException e) {
      throw new BadFrameException("malformed length: " + e.getMessage());
    }
    if (length < 0 || length > max) {
      throw new BadFrameException(
          "frame of " + Integer.toUnsignedString(length) + " bytes, the limit is " + max);
    }
    return length;
  }
}
