package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.protocols.avro.wire.EchoCall;
import io.rpcxbench.protocols.avro.wire.ErrorCode;
import io.rpcxbench.protocols.avro.wire.ErrorReply;
import io.rpcxbench.protocols.avro.wire.HelloCall;
import io.rpcxbench.protocols.avro.wire.ItemsCall;
import io.rpcxbench.protocols.avro.wire.MessageCall;
import io.rpcxbench.protocols.avro.wire.PutCall;
import io.rpcxbench.protocols.avro.wire.Reply;
import io.rpcxbench.protocols.avro.wire.Request;

/** avro-socket's server side of one call: a {@link Request} record in, a {@link Reply} out. */
final class SocketCalls {
  private final BenchService bench;
  private final AvroMessages messages;

  SocketCalls(BenchService bench) {
    this.bench = bench;
    this.messages = AvroMessages.of(bench);
  }

  Reply answer(Request request) {
    Object result;
    try {
      Object call = request.getCall();
      if (call instanceof HelloCall hello) {
        result = bench.hello(hello.getName());
      } else if (call instanceof EchoCall echo) {
        // One copy into byte[], as every server decodes its payload; wrapped back without one.
        result = ItemRecords.wrap(bench.echo(ItemRecords.bytes(echo.getPayload())));
      } else if (call instanceof PutCall put) {
        result = bench.put(put.getKey(), ItemRecords.bytes(put.getValue()));
      } else if (call instanceof ItemsCall items) {
        result = ItemRecords.toWire(bench.items(items.getN()));
      } else if (call instanceof MessageCall message) {
        result = messages.answer(message.getReply(), message.getRecord());
      } else {
        result = error(ErrorCode.INVALID_ARGUMENT, "no call");
      }
    } catch (InvalidArgumentException e) {
      result = error(ErrorCode.INVALID_ARGUMENT, e.getMessage());
    } catch (RuntimeException e) {
      result = error(ErrorCode.INTERNAL, String.valueOf(e));
    }
    return new Reply(result);
  }

  private static ErrorReply error(ErrorCode code, String message) {
    return new ErrorReply(code, message);
  }
}
