package io.rpcxbench.serverkit;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A thread-per-connection socket's request bytes, as a {@link
 * ThreadPerConnectionServer.Conversation} reads them: a small buffered stream, and {@link
 * #readFrame} for a frame whose length the peer announced, read into a buffer that grows as its
 * bytes arrive within the process's {@link InputBudget}. The frame's share of the budget is given
 * back when its reply is flushed.
 *
 * <pre>{@code
 * int length = readLengthPrefix(in);          // checked against the protocol's bound
 * byte[] frame = in.readFrame(length);
 * }</pre>
 */
public final class RequestInput extends FilterInputStream {
  private final BudgetShare share;

  /** A stream whose frames draw on {@code share} (the server makes these; tests may too). */
  public RequestInput(InputStream in, BudgetShare share) {
    super(in);
    this.share = share;
  }

  /**
   * The next {@code length} bytes, read as they arrive.
   *
   * @throws BadInputException when the budget for unfinished requests cannot hold them
   * @throws java.io.EOFException when the stream ends first
   */
  public byte[] readFrame(int length) throws IOException {
    return ArrivingFrame.read(in, length, share);
  }

  /** The request was answered: its frame's share of the budget is free again. */
  void requestEnded() {
    share.release();
  }
}
