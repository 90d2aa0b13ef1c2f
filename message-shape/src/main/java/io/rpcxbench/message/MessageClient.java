package io.rpcxbench.message;

import com.google.protobuf.Message;
import java.util.concurrent.CompletableFuture;

/**
 * One protocol's client for a message type: sends a record, returns the reply decoded back into the
 * schema's form for the field-by-field check ({@link MessageReply#check}). Thread-safe; failures
 * are unchecked exceptions of the protocol's own type.
 *
 * <pre>{@code
 * try (MessageClient client = carrier.openMessages(options, shape.type())) {
 *   Message reply = client.call(shape.record(0), MessageReply.ECHO);
 * }
 * }</pre>
 */
public interface MessageClient extends AutoCloseable {
  /** Sends the record and waits for the reply the mode asks for. */
  Message call(Message record, MessageReply reply);

  /**
   * Whether {@link #callAsync} is the protocol's own asynchronous API (RPCX's and gRPC's futures):
   * then the harness's in-flight and open-loop models start message calls without a thread each, as
   * they do the contract's calls; else they call {@link #call} from threads. Default: false.
   */
  default boolean isAsync() {
    return false;
  }

  /**
   * Starts the call with the protocol's asynchronous API: the future completes with the reply or
   * fails with the protocol's exception; never throws. Only where {@link #isAsync}; the default
   * fails.
   */
  default CompletableFuture<Message> callAsync(Message record, MessageReply reply) {
    return CompletableFuture.failedFuture(
        new UnsupportedOperationException(describe() + ": no asynchronous message call"));
  }

  /** One line for the provenance: the client as built. */
  String describe();

  @Override
  void close();
}
