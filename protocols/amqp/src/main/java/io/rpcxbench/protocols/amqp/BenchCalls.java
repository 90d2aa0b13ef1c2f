package io.rpcxbench.protocols.amqp;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.protocols.amqp.AmqpWire.BadBodyException;
import io.rpcxbench.protocols.amqp.AmqpWire.PutRequest;

/**
 * One request message to its reply: decodes the body by the method in its {@code type}, runs {@link
 * BenchLogic}, encodes the result. Never throws: a body it cannot read, an unknown method or a
 * rejected argument become an error reply.
 */
final class BenchCalls {
  /** A reply: {@code errorType} null for a result, else the kind of failure; then the body. */
  record Reply(String errorType, byte[] body) {
    static Reply ok(byte[] body) {
      return new Reply(null, body);
    }

    static Reply error(String type, String message) {
      return new Reply(type, AmqpWire.text(message));
    }
  }

  private final BenchService bench;
  private final AmqpMessages messages;
  private final String about;

  /**
   * @param about the server's settings, the answer to the {@code about} method
   */
  BenchCalls(BenchService bench, String about) {
    this.bench = bench;
    this.messages = AmqpMessages.of(bench);
    this.about = about;
  }

  /** The server's settings, as the {@code about} method answers them. */
  String about() {
    return about;
  }

  Reply answer(String method, byte[] body) {
    if (body.length > AmqpWire.MAX_BODY) {
      return Reply.error(
          AmqpWire.INVALID_ARGUMENT,
          "request body of " + body.length + " bytes, the limit is " + AmqpWire.MAX_BODY);
    }
    try {
      return Reply.ok(result(method == null ? "" : method, body));
    } catch (BadBodyException e) {
      return Reply.error(AmqpWire.INVALID_ARGUMENT, "bad " + method + " body: " + e.getMessage());
    } catch (InvalidArgumentException e) {
      return Reply.error(AmqpWire.INVALID_ARGUMENT, e.getMessage());
    } catch (RuntimeException e) {
      return Reply.error(AmqpWire.INTERNAL, String.valueOf(e));
    }
  }

  private byte[] result(String method, byte[] body) throws BadBodyException {
    return switch (method) {
      case AmqpWire.HELLO -> AmqpWire.text(bench.hello(AmqpWire.readOptionalText(body)));
      case AmqpWire.ECHO -> bench.echo(AmqpWire.readOptionalBytes(body));
      case AmqpWire.PUT -> {
        PutRequest put = AmqpWire.readPut(body);
        yield AmqpWire.putResult(bench.put(put.key(), put.value()));
      }
      case AmqpWire.ITEMS -> AmqpWire.itemList(bench.items(AmqpWire.readItems(body)));
      case AmqpWire.ABOUT -> AmqpWire.text(about);
      case AmqpMessages.ECHO, AmqpMessages.ACK, AmqpMessages.SMALL -> messages.answer(method, body);
      default -> throw new InvalidArgumentException("unknown method '" + method + "'");
    };
  }
}
