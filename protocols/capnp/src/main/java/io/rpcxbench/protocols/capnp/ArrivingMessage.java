package io.rpcxbench.protocols.capnp;

import io.rpcxbench.serverkit.BadInputException;
import io.rpcxbench.serverkit.RequestInput;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;
import org.capnproto.MessageReader;
import org.capnproto.ReaderOptions;

/**
 * A server's read of Cap'n Proto's stream framing (segment count, segment sizes, the segments): the
 * segment table is checked against the traversal limit as {@code Serialize.read} does, and the
 * segments are then read as their bytes arrive within the server kit's budget ({@link
 * RequestInput#readFrame}), where {@code Serialize.read} allocates the announced size at once.
 */
final class ArrivingMessage {
  /** Cap'n Proto's own bound on the segment table ({@code Serialize.read}'s). */
  private static final int MAX_SEGMENTS = 512;

  private ArrivingMessage() {}

  /** The next message, or empty at a clean end of stream (between messages). */
  static Optional<MessageReader> read(RequestInput in, ReaderOptions limits) throws IOException {
    byte[] first = new byte[8];
    int n = in.readNBytes(first, 0, first.length);
    if (n == 0) {
      return Optional.empty();
    }
    if (n < first.length) {
      throw new EOFException("stream ended inside a segment table");
    }
    ByteBuffer word = ByteBuffer.wrap(first).order(ByteOrder.LITTLE_ENDIAN);
    long segmentCount = 1L + Integer.toUnsignedLong(word.getInt(0));
    if (segmentCount > MAX_SEGMENTS) {
      throw new BadInputException("a message of " + segmentCount + " segments");
    }
    int[] sizes = new int[(int) segmentCount];
    sizes[0] = word.getInt(4);
    if (segmentCount > 1) {
      byte[] more = in.readNBytes(4 * (int) (segmentCount & ~1));
      if (more.length < 4 * (segmentCount & ~1)) {
        throw new EOFException("stream ended inside a segment table");
      }
      ByteBuffer table = ByteBuffer.wrap(more).order(ByteOrder.LITTLE_ENDIAN);
      for (int i = 1; i < sizes.length; i++) {
        sizes[i] = table.getInt(4 * (i - 1));
      }
    }
    long words = 0;
    for (int size : sizes) {
      words += Integer.toUnsignedLong(size);
    }
    if (words > limits.traversalLimitInWords) {
      throw new BadInputException(
          "a message of " + words + " words, the limit is " + limits.traversalLimitInWords);
    }
    ByteBuffer body = ByteBuffer.wrap(in.readFrame((int) words * 8)).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer[] segments = new ByteBuffer[sizes.length];
    int offset = 0;
    for (int i = 0; i < sizes.length; i++) {
      body.position(offset);
      body.limit(offset + sizes[i] * 8);
      segments[i] = body.slice().order(ByteOrder.LITTLE_ENDIAN);
      offset += sizes[i] * 8;
      body.limit(body.capacity());
    }
    return Optional.of(new MessageReader(segments, limits));
  }
}
