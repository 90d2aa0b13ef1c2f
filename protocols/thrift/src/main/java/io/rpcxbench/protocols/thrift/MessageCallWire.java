package io.rpcxbench.protocols.thrift;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageReply;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolException;
import org.apache.thrift.protocol.TProtocolUtil;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;

/**
 * The {@code message} call on Thrift's wire, as a generated service method would be, without the
 * IDL knowing the record's type: a CALL named {@code message} whose arguments are {@code 1: i32
 * reply} (the {@link MessageReply} ordinal) and {@code 2: the record} ({@link ThriftRecords}), its
 * REPLY {@code 0: the answer} or {@code 1: struct { 1: string message }} for a refused argument.
 * Both ends use it; the server's side is {@link MessageProcessor}.
 */
final class MessageCallWire {
  static final String METHOD = "message";

  /** What the server read: the reply mode's ordinal (-1: none) and the record (null: none). */
  record Args(int reply, Message record) {}

  private MessageCallWire() {}

  static void writeCall(TProtocol out, int seqid, MessageReply reply, Message record)
      throws TException {
    out.writeMessageBegin(new TMessage(METHOD, TMessageType.CALL, seqid));
    out.writeStructBegin(new TStruct("message_args"));
    out.writeFieldBegin(new TField("reply", TType.I32, (short) 1));
    out.writeI32(reply.ordinal());
    out.writeFieldEnd();
    out.writeFieldBegin(new TField("record", TType.STRUCT, (short) 2));
    ThriftRecords.write(out, record);
    out.writeFieldEnd();
    out.writeFieldStop();
    out.writeStructEnd();
    out.writeMessageEnd();
    out.getTransport().flush();
  }

  /**
   * The server's read of the arguments after the message's begin: the reply mode, then the record
   * decoded as {@code type} (null: the server has no --message; the record is skipped).
   */
  static Args readArgs(TProtocol in, Descriptor type) throws TException {
    Message record = null;
    int reply = -1;
    in.readStructBegin();
    while (true) {
      TField f = in.readFieldBegin();
      if (f.type == TType.STOP) {
        break;
      }
      if (f.id == 1 && f.type == TType.I32) {
        reply = in.readI32();
      } else if (f.id == 2 && f.type == TType.STRUCT && type != null) {
        record = ThriftRecords.read(in, type);
      } else {
        TProtocolUtil.skip(in, f.type);
      }
      in.readFieldEnd();
    }
    in.readStructEnd();
    in.readMessageEnd();
    return new Args(reply, record);
  }

  static void writeAnswer(TProtocol out, int seqid, Message answer) throws TException {
    out.writeMessageBegin(new TMessage(METHOD, TMessageType.REPLY, seqid));
    out.writeStructBegin(new TStruct("message_result"));
    out.writeFieldBegin(new TField("success", TType.STRUCT, (short) 0));
    ThriftRecords.write(out, answer);
    out.writeFieldEnd();
    out.writeFieldStop();
    out.writeStructEnd();
    out.writeMessageEnd();
    out.getTransport().flush();
  }

  static void writeRefusal(TProtocol out, int seqid, String why) throws TException {
    out.writeMessageBegin(new TMessage(METHOD, TMessageType.REPLY, seqid));
    out.writeStructBegin(new TStruct("message_result"));
    out.writeFieldBegin(new TField("invalid", TType.STRUCT, (short) 1));
    out.writeStructBegin(new TStruct("InvalidArgument"));
    out.writeFieldBegin(new TField("message", TType.STRING, (short) 1));
    out.writeString(why);
    out.writeFieldEnd();
    out.writeFieldStop();
    out.writeStructEnd();
    out.writeFieldEnd();
    out.writeFieldStop();
    out.writeStructEnd();
    out.writeMessageEnd();
    out.getTransport().flush();
  }

  /** The client's read of the reply: the answer as {@code type}, or a refusal's message. */
  record Answer(Message record, String refused) {}

  static Answer readAnswer(TProtocol in, int seqid, Descriptor type) throws TException {
    TMessage m = in.readMessageBegin();
    if (m.type == TMessageType.EXCEPTION) {
      org.apache.thrift.TApplicationException e =
          org.apache.thrift.TApplicationException.readFrom(in);
      in.readMessageEnd();
      throw e;
    }
    if (m.seqid != seqid || !METHOD.equals(m.name)) {
      throw new TProtocolException(
          TProtocolException.INVALID_DATA,
          "reply " + m.name + " #" + m.seqid + " to call " + METHOD + " #" + seqid);
    }
    Message record = null;
    String refused = null;
    in.readStructBegin();
    while (true) {
      TField f = in.readFieldBegin();
      if (f.type == TType.STOP) {
        break;
      }
      if (f.id == 0 && f.type == TType.STRUCT) {
        record = ThriftRecords.read(in, type);
      } else if (f.id == 1 && f.type == TType.STRUCT) {
        refused = readRefusal(in);
      } else {
        TProtocolUtil.skip(in, f.type);
      }
      in.readFieldEnd();
    }
    in.readStructEnd();
    in.readMessageEnd();
    if (record == null && refused == null) {
      throw new TProtocolException(TProtocolException.INVALID_DATA, "a reply without a result");
    }
    return new Answer(record, refused);
  }

  private static String readRefusal(TProtocol in) throws TException {
    String why = "";
    in.readStructBegin();
    while (true) {
      TField f = in.readFieldBegin();
      if (f.type == TType.STOP) {
        break;
      }
      if (f.id == 1 && f.type == TType.STRING) {
        why = in.readString();
      } else {
        TProtocolUtil.skip(in, f.type);
      }
      in.readFieldEnd();
    }
    in.readStructEnd();
    return why;
  }
}
