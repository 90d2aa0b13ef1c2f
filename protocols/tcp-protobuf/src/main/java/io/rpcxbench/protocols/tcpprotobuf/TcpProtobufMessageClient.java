package io.rpcxbench.protocols.tcpprotobuf;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.protocols.tcpprotobuf.TcpProtobufException.Code;
import io.rpcxbench.protocols.tcpprotobuf.wire.MessageCall;
import io.rpcxbench.protocols.tcpprotobuf.wire.Reply;
import io.rpcxbench.protocols.tcpprotobuf.wire.Request;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.PerThreadConnections;
import io.rpcxbench.tls.SocketTarget;
import java.io.IOException;
import java.net.SocketTimeoutException;

/**
 * Raw TCP + Protobuf's client for a user's message: the record's protobuf bytes as the body of a
 * {@code MessageCall} on the same blocking sockets (one per calling thread) as the contract's
 * calls, the reply decoded into a {@link DynamicMessage} of the type the mode answers with.
 */
final class TcpProtobufMessageClient implements MessageClient {
  private final Descriptor type;
  private final String target;
  private final SocketTarget endpoint;
  private final PerThreadConnections<CallSocket> sockets;
  private final String mode;

  TcpProtobufMessageClient(ClientOptions options, Descriptor type) {
    this.type = type;
    this.target = options.target();
    this.endpoint = SocketTarget.of(options);
    this.mode = options.tlsSettings().map(t -> ", " + t.mode() + " (JDK SSLSocket)").orElse("");
    this.sockets = new PerThreadConnections<>(() -> endpoint.open(CallSocket::new));
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    Request request =
        Request.newBuilder()
            .setMessage(
                MessageCall.newBuilder().setReply(mode(reply)).setBody(record.toByteString()))
            .build();
    CallSocket socket;
    try {
      socket = sockets.mine();
    } catch (PerThreadConnections.ClosedException e) {
      throw new TcpProtobufException(Code.UNAVAILABLE, "client closed", null);
    } catch (IOException e) {
      throw new TcpProtobufException(
          Code.UNAVAILABLE, "cannot connect to " + target + ": " + e.getMessage(), e);
    }
    Reply answer;
    try {
      answer = socket.call(request);
    } catch (SocketTimeoutException e) {
      sockets.discard(socket);
      throw new TcpProtobufException(
          Code.DEADLINE_EXCEEDED, "no reply within " + endpoint.readTimeoutMs() + " ms", e);
    } catch (IOException e) {
      sockets.discard(socket);
      throw new TcpProtobufException(Code.UNAVAILABLE, target + ": " + e.getMessage(), e);
    }
    if (answer.getResultCase() == Reply.ResultCase.ERROR) {
      throw new TcpProtobufException(Code.INVALID_ARGUMENT, answer.getError().getMessage(), null);
    }
    if (answer.getResultCase() != Reply.ResultCase.MESSAGE) {
      sockets.discard(socket);
      throw new TcpProtobufException(
          Code.INTERNAL, "reply holds " + answer.getResultCase() + ", not MESSAGE", null);
    }
    try {
      return DynamicMessage.parseFrom(reply.replyType(type), answer.getMessage());
    } catch (InvalidProtocolBufferException e) {
      throw new TcpProtobufException(Code.INTERNAL, "reply: " + e.getMessage(), e);
    }
  }

  @Override
  public String describe() {
    return "java.net.Socket + protobuf-java DynamicMessage of "
        + type.getFullName()
        + ": 1 blocking socket per calling thread"
        + mode
        + ", the record's bytes in a MessageCall";
  }

  @Override
  public void close() {
    sockets.close();
  }

  /** The wire's mode: the IDL numbers its modes as {@link MessageReply#number()} does. */
  private static MessageCall.Mode mode(MessageReply reply) {
    return MessageCall.Mode.forNumber(reply.number());
  }
}
