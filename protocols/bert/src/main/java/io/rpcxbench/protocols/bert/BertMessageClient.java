package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangObject;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.protocols.bert.BertException.Code;

/**
 * BERT-RPC's client for a user's message: {@code {call, bench, message, [Reply, Record]}} with the
 * record as Erlang terms written by jinterface from the schema ({@link RecordTerms}: a tuple per
 * message, lists, BERT dicts), on the same blocking sockets (one per calling thread) as the
 * contract's calls; the answer's terms read back into a message of the type the mode answers with.
 */
final class BertMessageClient implements MessageClient {
  private final BertClient bert;
  private final Descriptor type;

  BertMessageClient(BertClient bert, Descriptor type) {
    this.bert = bert;
    this.type = type;
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    OtpErlangObject answer =
        bert.message(reply.id(), RecordTerms.toTerm(record), record.getSerializedSize() * 2);
    try {
      return RecordTerms.fromTerm(reply.replyType(type), answer);
    } catch (RecordTerms.RecordTermException e) {
      throw new BertException(Code.PROTOCOL, "reply: " + e.getMessage(), e);
    }
  }

  @Override
  public String describe() {
    return bert.describe()
        + "; bench:message/2 with the record as Erlang terms from the schema of "
        + type.getFullName()
        + " (a tuple per message, lists, {bert, dict, ...} for maps)";
  }

  @Override
  public void close() {
    bert.close();
  }
}
