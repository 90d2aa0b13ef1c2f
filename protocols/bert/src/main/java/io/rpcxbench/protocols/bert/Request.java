package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangAtom;
import com.ericsson.otp.erlang.OtpErlangObject;
import com.ericsson.otp.erlang.OtpErlangTuple;

/**
 * One BERT-RPC request as the spec lists them: {@code {call, Module, Function, Args}}, {@code
 * {cast, Module, Function, Args}} or {@code {info, Command, Options}} (for info, module and
 * function are null and args empty).
 */
record Request(Kind kind, String module, String function, OtpErlangObject[] args) {
  enum Kind {
    CALL,
    CAST,
    INFO
  }

  private static final OtpErlangObject[] NONE = {};

  /** The request a decoded term is, or null when it is none of the three. */
  static Request of(OtpErlangObject term) {
    if (!(term instanceof OtpErlangTuple tuple)
        || tuple.arity() < 3
        || !(tuple.elementAt(0) instanceof OtpErlangAtom kind)) {
      return null;
    }
    switch (kind.atomValue()) {
      case "call", "cast" -> {
        if (tuple.arity() == 4
            && tuple.elementAt(1) instanceof OtpErlangAtom module
            && tuple.elementAt(2) instanceof OtpErlangAtom function) {
          OtpErlangObject[] args = Terms.elements(tuple.elementAt(3));
          if (args != null) {
            Kind k = kind.atomValue().equals("call") ? Kind.CALL : Kind.CAST;
            return new Request(k, module.atomValue(), function.atomValue(), args);
          }
        }
        return null;
      }
      case "info" -> {
        return tuple.arity() == 3 ? new Request(Kind.INFO, null, null, NONE) : null;
      }
      default -> {
        return null;
      }
    }
  }
}
