package io.rpcxbench.protocols.bert;

import java.util.function.Consumer;

/**
 * The frames a BERT-RPC server answers with: {@code {reply, Result}}, {@code {noreply}} for a cast,
 * and {@code {error, {Type, Code, Class, Detail, Backtrace}}} with the spec's types and codes.
 * Backtraces are always empty: a benchmark server has no business sending its stack.
 */
final class Replies {
  /** Error types, the spec's atoms. */
  static final String PROTOCOL = "protocol";

  static final String SERVER = "server";
  static final String USER = "user";

  /** Protocol error codes. */
  static final int UNDESIGNATED = 0;

  static final int UNABLE_TO_READ_HEADER = 1;
  static final int UNABLE_TO_READ_DATA = 2;

  /** Server error codes. */
  static final int NO_SUCH_MODULE = 1;

  static final int NO_SUCH_FUNCTION = 2;

  private Replies() {}

  /** {@code {reply, Result}}, the result written by {@code result}. */
  static TermFrame reply(int resultBytes, Consumer<TermFrame> result) {
    TermFrame frame = new TermFrame(resultBytes + 16);
    frame.write_tuple_head(2);
    frame.write_atom("reply");
    result.accept(frame);
    return frame.finish();
  }

  /** {@code {noreply}}: the answer to a cast. */
  static TermFrame noreply() {
    TermFrame frame = new TermFrame(16);
    frame.write_tuple_head(1);
    frame.write_atom("noreply");
    return frame.finish();
  }

  static TermFrame protocolError(int code, String detail) {
    return error(PROTOCOL, code, "ProtocolError", detail);
  }

  static TermFrame serverError(int code, String detail) {
    return error(SERVER, code, "ServerError", detail);
  }

  /** A user error: the function threw; its class names the exception, as Ernie does. */
  static TermFrame userError(RuntimeException e) {
    return error(USER, 0, e.getClass().getSimpleName(), String.valueOf(e.getMessage()));
  }

  /** {@code {error, {Type, Code, Class, Detail, []}}}, Class and Detail as binaries. */
  static TermFrame error(String type, int code, String errorClass, String detail) {
    TermFrame frame = new TermFrame(64 + detail.length() * 3);
    frame.write_tuple_head(2);
    frame.write_atom("error");
    frame.write_tuple_head(5);
    frame.write_atom(type);
    frame.write_long(code);
    frame.binary(errorClass);
    frame.binary(detail);
    frame.write_nil();
    return frame.finish();
  }
}
