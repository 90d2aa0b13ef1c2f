package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangObject;
import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.MessageSchema;
import io.rpcxbench.message.ShapeException;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * The server's side of a user's message (docs/messages.md): {@code bench:message(Reply, Record)},
 * the record read from its terms into a message of the type the kit's {@code --message} names
 * ({@link RecordTerms}), answered in the mode asked for and written back as terms. Without {@code
 * --message}, or with terms that do not fit the schema, a user error.
 */
final class BertMessages {
  private final Descriptor type;

  private BertMessages(Descriptor type) {
    this.type = type;
  }

  /** The service's message shape, loaded once; a schema that cannot be used refuses the start. */
  static BertMessages of(BenchService service) {
    try {
      return new BertMessages(service.messageShape().map(MessageSchema::load).orElse(null));
    } catch (ShapeException e) {
      throw new ServerStarter.RefusedService("--message: " + e.getMessage());
    }
  }

  /** Whether this server publishes a message type. */
  boolean published() {
    return type != null;
  }

  OtpErlangObject answer(String reply, OtpErlangObject record) {
    if (type == null) {
      throw new InvalidArgumentException("this server was started without --message");
    }
    MessageReply mode;
    try {
      mode = MessageReply.of(reply == null ? "" : reply);
    } catch (ShapeException e) {
      throw new InvalidArgumentException(e.getMessage());
    }
    try {
      return RecordTerms.toTerm(mode.answer(RecordTerms.fromTerm(type, record)));
    } catch (RecordTerms.RecordTermException e) {
      throw new InvalidArgumentException("not a " + type.getFullName() + ": " + e.getMessage());
    }
  }
}
