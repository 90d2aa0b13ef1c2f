package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangDecodeException;
import com.ericsson.otp.erlang.OtpInputStream;
import com.ericsson.otp.erlang.OtpOutputStream;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageCodec;

/**
 * A user's message as BERT carries it: the record as Erlang terms from the schema ({@link
 * RecordTerms}: a tuple per message, lists, BERT dicts) in jinterface's external term format.
 */
final class BertCodec implements MessageCodec {
  static final BertCodec INSTANCE = new BertCodec();

  private BertCodec() {}

  @Override
  public byte[] encode(Message message) {
    OtpOutputStream out = new OtpOutputStream();
    out.write_any(RecordTerms.toTerm(message));
    return out.toByteArray();
  }

  @Override
  public Message decode(Descriptor type, byte[] body) {
    try {
      return RecordTerms.fromTerm(type, new OtpInputStream(body).read_any());
    } catch (OtpErlangDecodeException | RecordTerms.RecordTermException e) {
      throw new IllegalArgumentException("not a " + type.getFullName() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String describe() {
    return "jinterface external term format of the record's terms";
  }
}
