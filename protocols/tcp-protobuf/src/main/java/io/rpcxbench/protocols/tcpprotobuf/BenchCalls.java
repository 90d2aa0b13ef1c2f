package io.rpcxbench.protocols.tcpprotobuf;

import com.google.protobuf.UnsafeByteOperations;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.protocols.tcpprotobuf.wire.Error;
import io.rpcxbench.protocols.tcpprotobuf.wire.Reply;
import io.rpcxbench.protocols.tcpprotobuf.wire.Request;

/** One request to its reply: decodes the call, runs {@link BenchService}, encodes the result. */
final class BenchCalls {
  private final BenchService bench;
  private final TcpMessages messages;

  BenchCalls(BenchService bench) {
    this.bench = bench;
    this.messages = TcpMessages.of(bench);
  }

  Reply answer(Request request) {
    Reply.Builder reply = Reply.newBuilder();
    try {
      switch (request.getCallCase()) {
        case HELLO -> {
          var hello = request.getHello();
          reply.setHello(bench.hello(hello.hasName() ? hello.getName() : null));
        }
        case ECHO -> {
          var echo = request.getEcho();
          // One copy into byte[], as every server decodes its payload; wrapped back without one.
          byte[] payload = bench.echo(echo.hasPayload() ? echo.getPayload().toByteArray() : null);
          reply.setEcho(UnsafeByteOperations.unsafeWrap(payload));
        }
        case PUT -> {
          var put = request.getPut();
          reply.setPut(
              bench.put(
                  put.hasKey() ? put.getKey() : null,
                  put.hasValue() ? put.getValue().toByteArray() : null));
        }
        case ITEMS -> reply.setItems(ItemMessages.toWire(bench.items(request.getItems().getN())));
        case MESSAGE -> reply.setMessage(messages.answer(request.getMessage()));
        case CALL_NOT_SET -> reply.setError(error(Error.Code.INVALID_ARGUMENT, "no call"));
      }
    } catch (InvalidArgumentException e) {
      reply.setError(error(Error.Code.INVALID_ARGUMENT, e.getMessage()));
    } catch (RuntimeException e) {
      reply.setError(error(Error.Code.INTERNAL, String.valueOf(e)));
    }
    return reply.build();
  }

  private static Error error(Error.Code code, String message) {
    return Error.newBuilder().setCode(code).setMessage(message).build();
  }
}
