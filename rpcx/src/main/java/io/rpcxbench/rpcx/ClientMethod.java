package io.rpcxbench.rpcx;

import com.google.protobuf.ByteString;
import io.rpcxbench.rpcx.wire.RpcxReply;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import io.rpcxbench.rpcx.wire.StatusCode;

/**
 * Everything one proxied method needs per call, prepared once at start-up: the published names
 * (pre-encoded as UTF-8), the argument and result mappings, and whether the call is async.
 */
final class ClientMethod {
  private final String fullName;
  private final ByteString service;
  private final ByteString method;
  private final ValueMapping[] parameters;
  private final ValueMapping result;
  private final boolean async;

  ClientMethod(
      String service, String method, ValueMapping[] parameters, ValueMapping result, boolean async) {
    this.fullName = service + "." + method;
    this.service = ByteString.copyFromUtf8(service);
    this.method = ByteString.copyFromUtf8(method);
    this.parameters = parameters.clone();
    this.result = result;
    this.async = async;
  }

  /** {@code service.method} as published, for messages. */
  String fullName() {
    return fullName;
  }

  boolean async() {
    return async;
  }

  RpcxRequest request(long id, Object[] args) {
    RpcxRequest.Builder request =
        RpcxRequest.newBuilder().setId(id).setServiceBytes(service).setMethodBytes(method);
    for (int i = 0; i < parameters.length; i++) {
      request.addParameters(parameters[i].toWire(args[i]));
    }
    return request.build();
  }

  /** The call's result, or the reply's error as an {@link RpcxException}. */
  Object result(RpcxReply reply) {
    if (reply.getStatus() != StatusCode.OK) {
      throw new RpcxException(StatusCodes.toCode(reply.getStatus()), reply.getMessage());
    }
    if (result == null) {
      return null;
    }
    try {
      return result.fromWire(reply.getResult());
    } catch (IllegalArgumentException e) {
      throw new RpcxException(
          RpcxException.Code.INTERNAL, fullName + ": result " + e.getMessage());
    }
  }
}
