package io.rpcxbench.protocols.grpcstream;

import com.google.protobuf.UnsafeByteOperations;
import io.grpc.Status;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.api.UnavailableException;
import io.rpcxbench.protocols.grpcstream.wire.CallReply;
import io.rpcxbench.protocols.grpcstream.wire.CallRequest;
import io.rpcxbench.protocols.grpcstream.wire.Error;

/** One request to its reply: decodes the call, runs {@link BenchService}, encodes the result. */
final class BenchCalls {
  private final BenchService bench;
  private final StreamMessages messages;

  BenchCalls(BenchService bench) {
    this.bench = bench;
    this.messages = StreamMessages.of(bench);
  }

  CallReply answer(CallRequest request) {
    CallReply.Builder reply = CallReply.newBuilder().setId(request.getId());
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
        case CALL_NOT_SET -> reply.setError(error(Status.Code.INVALID_ARGUMENT, "no call"));
      }
    } catch (InvalidArgumentException e) {
      reply.setError(error(Status.Code.INVALID_ARGUMENT, e.getMessage()));
    } catch (UnavailableException e) { // a chain gateway's service failed: this call only
      reply.setError(error(Status.Code.UNAVAILABLE, e.getMessage()));
    } catch (RuntimeException e) {
      reply.setError(error(Status.Code.INTERNAL, String.valueOf(e)));
    }
    return reply.build();
  }

  private static Error error(Status.Code code, String message) {
    return Error.newBuilder().setCode(code.value()).setMessage(message).build();
  }
}
