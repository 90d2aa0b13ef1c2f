package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangAtom;
import com.ericsson.otp.erlang.OtpErlangBinary;
import com.ericsson.otp.erlang.OtpErlangDecodeException;
import com.ericsson.otp.erlang.OtpErlangList;
import com.ericsson.otp.erlang.OtpErlangLong;
import com.ericsson.otp.erlang.OtpErlangObject;
import com.ericsson.otp.erlang.OtpErlangString;
import com.ericsson.otp.erlang.OtpErlangTuple;
import com.ericsson.otp.erlang.OtpInputStream;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.bert.TermBounds.BadTermException;

/** Reading terms with jinterface after {@link TermBounds} has passed them, and matching on them. */
final class Terms {
  /** The largest frame either side reads: the largest payload plus room for the rest. */
  static final int MAX_FRAME = BenchContract.MAX_PAYLOAD + 64 * 1024;

  static final String BERT = "bert";
  static final String NIL = "nil";

  private Terms() {}

  /**
   * The term in {@code bytes[offset, offset + length)} (version byte first), checked against the
   * bounds before jinterface allocates anything for it.
   *
   * @throws BadTermException when it is not a term within the bounds
   */
  static OtpErlangObject decode(byte[] bytes, int offset, int length, TermBounds bounds)
      throws BadTermException {
    bounds.check(bytes, offset, length);
    try {
      return new OtpInputStream(bytes, offset, length, 0).read_any();
    } catch (OtpErlangDecodeException | RuntimeException e) {
      // not expected once the bounds passed it; never let a decoder failure escape unlabelled
      throw new BadTermException("undecodable term: " + e.getMessage());
    }
  }

  /** True for the atom {@code name}. */
  static boolean isAtom(OtpErlangObject term, String name) {
    return term instanceof OtpErlangAtom atom && atom.atomValue().equals(name);
  }

  /** True for {@code {bert, nil}}. */
  static boolean isNil(OtpErlangObject term) {
    return term instanceof OtpErlangTuple t
        && t.arity() == 2
        && isAtom(t.elementAt(0), BERT)
        && isAtom(t.elementAt(1), NIL);
  }

  /**
   * A proper list's elements, or null when the term is not a list. Erlang writes a list of small
   * integers ({@code [10]}) as a string: its characters come back as integers.
   */
  static OtpErlangObject[] elements(OtpErlangObject term) {
    if (term instanceof OtpErlangList list) {
      return list.isProper() ? list.elements() : null;
    }
    if (term instanceof OtpErlangString string) {
      String chars = string.stringValue();
      OtpErlangObject[] elements = new OtpErlangObject[chars.length()];
      for (int i = 0; i < elements.length; i++) {
        elements[i] = new OtpErlangLong(chars.charAt(i));
      }
      return elements;
    }
    return null;
  }

  /** A binary's bytes (not copied), or null when the term is not a binary. */
  static byte[] bytes(OtpErlangObject term) {
    return term instanceof OtpErlangBinary binary ? binary.binaryValue() : null;
  }

  /** What kind of term it is, for messages (never the term itself: it may be 1 MiB). */
  static String kind(OtpErlangObject term) {
    return term.getClass()
        .getSimpleName()
        .replace("OtpErlang", "")
        .toLowerCase(java.util.Locale.ROOT);
  }
}
