package io.rpcxbench.server.rpcx;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.MessageSchema;
import io.rpcxbench.message.ShapeException;
import io.rpcxbench.rpcx.NonBlocking;
import io.rpcxbench.rpcx.RpcxException;
import io.rpcxbench.rpcx.RpcxMethod;
import io.rpcxbench.rpcx.RpcxService;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * The server's side of {@link MessageService}: each message decoded into a {@link DynamicMessage}
 * of the type the kit's {@code --message} names and its reply encoded again, on the event loop
 * (pure computation, like the plain bench calls).
 */
@RpcxService(MessageEndpoint.SERVICE)
@NonBlocking
public final class MessageEndpoint {
  static final String SERVICE = "message";

  private final Descriptor type;

  private MessageEndpoint(Descriptor type) {
    this.type = type;
  }

  /** The endpoint for the kit's {@code --message}; an unusable schema refuses the start. */
  static MessageEndpoint of(String shape) {
    try {
      return new MessageEndpoint(MessageSchema.load(shape));
    } catch (ShapeException e) {
      throw new ServerStarter.RefusedService("--message: " + e.getMessage());
    }
  }

  @RpcxMethod("echo")
  public byte[] echo(byte[] message) {
    return answer(message, MessageReply.ECHO);
  }

  @RpcxMethod("ack")
  public byte[] ack(byte[] message) {
    return answer(message, MessageReply.ACK);
  }

  @RpcxMethod("small")
  public byte[] small(byte[] message) {
    return answer(message, MessageReply.SMALL);
  }

  private byte[] answer(byte[] message, MessageReply reply) {
    if (message == null) {
      throw new RpcxException(RpcxException.Code.INVALID_ARGUMENT, "no message");
    }
    try {
      return reply.answer(DynamicMessage.parseFrom(type, message)).toByteArray();
    } catch (InvalidProtocolBufferException e) {
      throw new RpcxException(
          RpcxException.Code.INVALID_ARGUMENT,
          "not a " + type.getFullName() + ": " + e.getMessage());
    }
  }
}
