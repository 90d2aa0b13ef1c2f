package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * One BERP frame being written with jinterface's encoder: room for the 4-byte big-endian length,
 * the version byte 131 (jinterface writes bare terms), then the term; {@link #finish()} fills in
 * the length. The bytes are handed out without a copy.
 *
 * <pre>{@code
 * TermFrame frame = new TermFrame(64);
 * frame.write_tuple_head(2);
 * frame.write_atom("reply");
 * frame.binary("hello, world");
 * socket.getOutputStream().write(frame.finish().array(), 0, frame.size());
 * }</pre>
 */
final class TermFrame extends OtpOutputStream {
  private static final int HEADER = 5;

  /**
   * @param termBytes roughly how many bytes the term will take: the buffer grows past it if needed
   */
  TermFrame(int termBytes) {
    super(HEADER + Math.max(64, termBytes));
    write4BE(0);
    write1(TermBounds.VERSION);
  }

  /** Writes the length prefix: the frame is complete. */
  TermFrame finish() {
    poke4BE(0, count - 4);
    return this;
  }

  /**
   * The frame's bytes are {@code array()[0, size())} ({@code length()} is jinterface's capacity).
   */
  byte[] array() {
    return buf;
  }

  /** A string as a binary of its UTF-8 bytes: BERT-RPC's strings. */
  void binary(String text) {
    write_binary(text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * BERT's {@code nil}, {@code {bert, nil}}: how a missing argument travels (an empty list would be
   * an empty string to some BERT libraries).
   */
  void nil() {
    write_tuple_head(2);
    write_atom(Terms.BERT);
    write_atom(Terms.NIL);
  }

  /** The head of a proper list of {@code n} elements; {@link #listEnd(int)} after them. */
  void listHead(int n) {
    write_list_head(n); // writes nil itself when n == 0
  }

  void listEnd(int n) {
    if (n > 0) {
      write_nil();
    }
  }
}
