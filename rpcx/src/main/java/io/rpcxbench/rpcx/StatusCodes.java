package io.rpcxbench.rpcx;

import io.rpcxbench.rpcx.wire.StatusCode;

/** Translates between the public {@link RpcxException.Code} and the wire's {@link StatusCode}. */
final class StatusCodes {
  private StatusCodes() {}

  static RpcxException.Code toCode(StatusCode status) {
    for (RpcxException.Code code : RpcxException.Code.values()) {
      if (code.number() == status.getNumber()) {
        return code;
      }
    }
    return RpcxException.Code.UNKNOWN;
  }

  static StatusCode toWire(RpcxException.Code code) {
    StatusCode status = StatusCode.forNumber(code.number());
    return status == null ? StatusCode.UNKNOWN : status;
  }
}
