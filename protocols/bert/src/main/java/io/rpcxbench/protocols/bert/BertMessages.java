package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangObject;
import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.PublishedMessage;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * The server's side of a user's message (docs/messages.md): {@code bench:message(Reply, Record)},
 * the record read from its terms into a message of the type the kit's {@code --message} names
 * ({@link RecordTerms}), answered in the mode asked for and written back as terms. A call {@link
 * PublishedMessage} refuses, or terms that do not fit the schema, are a user error.
 */
final class BertMessages {
  private final PublishedMessage message;

  private BertMessages(PublishedMessage message) {
    this.message = message;
  }

  /** The service's message shape, loaded once; a schema that cannot be used refuses the start. */
  static BertMessages of(BenchService service) {
    return new BertMessages(PublishedMessage.of(service, ServerStarter.RefusedService::new));
  }

  /** Whether this server publishes a message type. */
  boolean published() {
    return message.published();
  }

  OtpErlangObject answer(String reply, OtpErlangObject record) {
    Descriptor type = message.type();
    MessageReply mode = PublishedMessage.mode(reply);
    try {
      return RecordTerms.toTerm(mode.answer(RecordTerms.fromTerm(type, record)));
    } catch (RecordTerms.RecordTermException e) {
      throw message.notTheType(e.getMessage());
    }
  }
}
