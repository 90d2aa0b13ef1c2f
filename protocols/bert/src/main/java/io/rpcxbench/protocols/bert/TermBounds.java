package io.rpcxbench.protocols.bert;

/**
 * Walks the bytes of one external-format term before jinterface sees them, because {@code
 * OtpInputStream} allocates whatever a header announces ({@code new byte[len]} for a binary, an
 * array of {@code arity} for a list or tuple) and inflates compressed terms. A term passes only if
 * it is made of the types BERT-RPC needs here, every length fits in the bytes that follow it,
 * nesting and the number of terms stay under the limits, lists are proper, and nothing follows the
 * term. Reading is then bounded by the frame, which is itself bounded.
 *
 * <p>Accepted tags: version 131 (once, first), small integer 97, integer 98, small big 110 (at most
 * 8 digit bytes), new float 70, atoms 100/118/119 (at most 255 bytes), small/large tuple 104/105,
 * nil 106, string 107, list 108, binary 109. Rejected: compressed 80, maps, pids, ports, refs,
 * funs, bit strings, large bigs, old floats, and the deprecated small atom 115 (jinterface 1.6.1
 * cannot read it; no Erlang since R16 writes it by default).
 *
 * @param maxDepth the deepest nesting of tuples and lists (the outermost term is depth 0)
 * @param maxTerms the most terms in total (every element of every tuple and list counts one)
 */
record TermBounds(int maxDepth, int maxTerms) {
  /** A request: {@code {call, bench, put, [Key, Value]}} is depth 2 and 5 terms. */
  static final TermBounds REQUEST = new TermBounds(8, 1024);

  /** A reply: items(10000) is 10 terms per item, at depth 3. */
  static final TermBounds REPLY = new TermBounds(8, 16 * io.rpcxbench.api.BenchContract.MAX_ITEMS);

  /**
   * A request to a server started with {@code --message}, and a message call's reply: a user's
   * record is a tuple per message, a list per repeated field and a dict per map (up to four levels
   * for each level of the schema, whose depth the generator bounds at 32), and as many terms as its
   * bytes can hold (each takes at least one); the frame bounds both.
   */
  static final TermBounds MESSAGE = new TermBounds(128, Terms.MAX_FRAME);

  static final int VERSION = 131;
  private static final int MAX_ATOM_BYTES = 255;
  private static final int MAX_BIG_BYTES = 8;

  /** The term does not pass; the message says where and why. */
  static final class BadTermException extends Exception {
    private static final long serialVersionUID = 1L;

    BadTermException(String message) {
      super(message);
    }
  }

  /**
   * Checks {@code bytes[offset, offset + length)}: the version byte and one term, nothing after.
   *
   * @throws BadTermException when the bytes are not such a term
   */
  void check(byte[] bytes, int offset, int length) throws BadTermException {
    if (length < 1 || (bytes[offset] & 0xff) != VERSION) {
      throw new BadTermException("not an external term: no version byte " + VERSION);
    }
    Walk walk = new Walk(bytes, offset + 1, offset + length);
    walk.term(0);
    if (walk.pos != walk.end) {
      throw new BadTermException(
          (walk.end - walk.pos) + " bytes after the term, at byte " + (walk.pos - offset));
    }
  }

  /** One pass over one term. */
  private final class Walk {
    private final byte[] bytes;
    private final int start;
    private final int end;
    private int pos;
    private int terms;

    Walk(byte[] bytes, int pos, int end) {
      this.bytes = bytes;
      this.start = pos - 1;
      this.end = end;
      this.pos = pos;
    }

    void term(int depth) throws BadTermException {
      if (++terms > maxTerms) {
        throw new BadTermException("more than " + maxTerms + " terms");
      }
      int at = pos - start;
      int tag = u1();
      switch (tag) {
        case 97 -> skip(1);
        case 98 -> skip(4);
        case 70 -> skip(8);
        case 110 -> {
          int digits = u1();
          if (digits > MAX_BIG_BYTES) {
            throw new BadTermException("an integer of " + digits + " bytes at byte " + at);
          }
          skip(1 + digits);
        }
        case 100, 118 -> atom(u2(), at);
        case 119 -> atom(u1(), at);
        case 104 -> elements(u1(), depth, at);
        case 105 -> elements(count(u4(), at), depth, at);
        case 106 -> {
          // nil: nothing follows
        }
        case 107 -> skip(u2());
        case 108 -> {
          elements(count(u4(), at), depth, at);
          if (pos >= end || (bytes[pos] & 0xff) != 106) {
            throw new BadTermException("an improper list at byte " + at);
          }
          pos++;
        }
        case 109 -> skip(count(u4(), at));
        default -> throw new BadTermException("term type " + tag + " at byte " + at);
      }
    }

    private void elements(int count, int depth, int at) throws BadTermException {
      if (depth >= maxDepth) {
        throw new BadTermException("nested deeper than " + maxDepth + " at byte " + at);
      }
      for (int i = 0; i < count; i++) {
        term(depth + 1);
      }
    }

    private void atom(int length, int at) throws BadTermException {
      if (length > MAX_ATOM_BYTES) {
        throw new BadTermException("an atom of " + length + " bytes at byte " + at);
      }
      skip(length);
    }

    /**
     * An announced length or arity, refused when the bytes left cannot hold it (every element takes
     * at least one byte): before anything is allocated for it.
     */
    private int count(long announced, int at) throws BadTermException {
      if (announced > end - pos) {
        throw new BadTermException(
            "a length of " + announced + " at byte " + at + ", " + (end - pos) + " bytes left");
      }
      return (int) announced;
    }

    private void skip(int n) throws BadTermException {
      if (n > end - pos) {
        throw new BadTermException("the term ends early, at byte " + (end - start));
      }
      pos += n;
    }

    private int u1() throws BadTermException {
      skip(1);
      return bytes[pos - 1] & 0xff;
    }

    private int u2() throws BadTermException {
      return (u1() << 8) | u1();
    }

    private long u4() throws BadTermException {
      return ((long) u2() << 16) | u2();
    }
  }
}
