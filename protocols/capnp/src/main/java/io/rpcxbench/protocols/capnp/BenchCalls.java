package io.rpcxbench.protocols.capnp;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.api.Item;
import java.util.List;
import org.capnproto.MessageBuilder;

/**
 * One request to its reply: decodes the call, runs {@link BenchService}, encodes the result. The
 * request is read completely before the logic runs, so a message that cannot be read (a {@link
 * org.capnproto.DecodeException}) escapes to the connection, which closes; a rejected argument
 * becomes an error reply.
 */
final class BenchCalls {
  private final BenchService bench;

  BenchCalls(BenchService bench) {
    this.bench = bench;
  }

  MessageBuilder answer(Request.Reader request) {
    long id = request.id();
    Request.Which call = request.which();
    // Decode first: a broken pointer throws here, before any reply is built.
    String text = call == Request.Which.HELLO || call == Request.Which.PUT ? request.text() : null;
    byte[] bytes =
        switch (call) {
          case ECHO -> request.payload();
          case PUT -> request.value();
          default -> null;
        };
    int n = call == Request.Which.ITEMS ? request.itemsN() : 0;

    MessageBuilder message = Frames.builder(bytes == null ? 0 : bytes.length);
    Reply.Builder reply = message.initRoot(Reply.factory);
    reply.setId(id);
    try {
      switch (call) {
        case HELLO -> reply.setHello(bench.hello(text));
        case ECHO -> reply.setEcho(bench.echo(bytes));
        case PUT -> reply.setPut(bench.put(text, bytes));
        case ITEMS -> {
          List<Item> items = bench.items(n);
          message = Frames.builder(items.size() * 160);
          reply = message.initRoot(Reply.factory);
          reply.setId(id);
          reply.setItems(items);
        }
        case NOT_IN_SCHEMA ->
            reply.setError(
                Reply.ErrorCode.INVALID_ARGUMENT,
                "request: unknown call (union tag " + request.tag() + ")");
      }
    } catch (InvalidArgumentException e) {
      reply.setError(Reply.ErrorCode.INVALID_ARGUMENT, e.getMessage());
    } catch (RuntimeException e) {
      reply.setError(Reply.ErrorCode.INTERNAL, String.valueOf(e));
    }
    return message;
  }
}
