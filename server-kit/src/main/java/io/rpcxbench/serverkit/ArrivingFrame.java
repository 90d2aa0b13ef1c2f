package io.rpcxbench.serverkit;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads a frame whose length the peer announced without trusting it: the buffer starts at {@link
 * #FIRST_CHUNK} bytes and doubles as bytes arrive, each size reserved in the connection's {@link
 * BudgetShare} before it is allocated. A peer that announces 1 MiB and sends 4 bytes costs 8 KiB,
 * not 1 MiB. The share stays held until the caller releases it (after the reply).
 *
 * <pre>{@code
 * byte[] frame = ArrivingFrame.read(in, length, share);   // BadInputException past the budget
 * ... answer ...; share.release();
 * }</pre>
 */
public final class ArrivingFrame {
  /** The first buffer's size: a benchmark request of a small payload fits. */
  public static final int FIRST_CHUNK = 8 * 1024;

  private ArrivingFrame() {}

  /**
   * Exactly {@code length} bytes from {@code in}.
   *
   * @throws BadInputException when the budget cannot hold the frame as it grows
   * @throws EOFException when the stream ends inside the frame
   */
  public static byte[] read(InputStream in, int length, BudgetShare share) throws IOException {
    int capacity = Math.min(length, FIRST_CHUNK);
    reserve(share, capacity);
    byte[] buffer = new byte[capacity];
    int filled = 0;
    while (filled < length) {
      if (filled == buffer.length) {
        int next = (int) Math.min(length, 2L * buffer.length);
        reserve(share, (long) buffer.length + next); // both live while copying
        buffer = Arrays.copyOf(buffer, next);
        share.holding(next);
      }
      int n = in.read(buffer, filled, buffer.length - filled);
      if (n < 0) {
        throw new EOFException(
            "stream ended " + filled + " bytes into a " + length + " byte frame");
      }
      filled += n;
    }
    return buffer;
  }

  private static void reserve(BudgetShare share, long bytes) throws BadInputException {
    if (!share.holding(bytes)) {
      throw new BadInputException(share.refusal(bytes));
    }
  }
}
