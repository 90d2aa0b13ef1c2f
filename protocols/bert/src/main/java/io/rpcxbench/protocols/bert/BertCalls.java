package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangObject;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.protocols.bert.TermBounds.BadTermException;

/**
 * One request frame to its reply frame, transport aside: a term that does not pass {@link
 * TermBounds} or is not a request is a protocol error reply, a module other than {@code bench} is
 * the spec's server error 1, and a framed error leaves the connection usable.
 */
final class BertCalls {
  private final BenchModule bench;
  private final TermBounds requests;

  BertCalls(BenchService logic) {
    BertMessages messages = BertMessages.of(logic);
    this.bench = new BenchModule(logic, messages);
    // a server that publishes a message type reads records as deep as its schema allows
    this.requests = messages.published() ? TermBounds.MESSAGE : TermBounds.REQUEST;
  }

  /**
   * The reply to the request in {@code bytes[offset, offset + length)}, or null for an info
   * request, which gets none.
   */
  TermFrame answer(byte[] bytes, int offset, int length) {
    OtpErlangObject term;
    try {
      term = Terms.decode(bytes, offset, length, requests);
    } catch (BadTermException e) {
      return Replies.protocolError(Replies.UNABLE_TO_READ_DATA, e.getMessage());
    }
    Request request = Request.of(term);
    if (request == null) {
      return Replies.protocolError(
          Replies.UNDESIGNATED,
          "not a BERT-RPC request: expected {call|cast, Module, Function, Args} or"
              + " {info, Command, Options}, got a "
              + Terms.kind(term));
    }
    return switch (request.kind()) {
      case INFO -> null; // callbacks and caching are not supported; info asks for no answer
      case CALL -> call(request);
      case CAST -> {
        call(request); // the cast's result and errors are dropped, as the spec says
        yield Replies.noreply();
      }
    };
  }

  private TermFrame call(Request request) {
    if (!request.module().equals(BenchModule.NAME)) {
      return Replies.serverError(
          Replies.NO_SUCH_MODULE, "No such module '" + request.module() + "'");
    }
    return bench.call(request.function(), request.args());
  }
}
