package io.rpcxbench.server.grpc;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCalls;
import io.rpcxbench.message.MessageReply;
import java.io.IOException;
import java.io.InputStream;

/**
 * A user's message over gRPC (docs/messages.md): the service {@code rpcxbench.Message} with one
 * unary method per reply mode ({@code Echo}, {@code Ack}, {@code Small}), whose requests and
 * replies are protobuf {@link DynamicMessage}s of the type read at run time, marshalled by protobuf
 * itself. The server decodes each request into the type and encodes its reply, as generated code
 * would.
 */
final class GrpcMessages {
  static final String SERVICE = "rpcxbench.Message";

  private GrpcMessages() {}

  /** The method for messages of this type and this reply. */
  static MethodDescriptor<Message, Message> method(Descriptor type, MessageReply reply) {
    return MethodDescriptor.<Message, Message>newBuilder()
        .setType(MethodDescriptor.MethodType.UNARY)
        .setFullMethodName(MethodDescriptor.generateFullMethodName(SERVICE, reply.method()))
        .setRequestMarshaller(new DynamicMarshaller(type))
        .setResponseMarshaller(new DynamicMarshaller(reply.replyType(type)))
        .build();
  }

  /** The server's side: every reply mode of messages of this type. */
  static ServerServiceDefinition service(Descriptor type) {
    ServerServiceDefinition.Builder service = ServerServiceDefinition.builder(SERVICE);
    for (MessageReply reply : MessageReply.values()) {
      service.addMethod(
          method(type, reply),
          ServerCalls.asyncUnaryCall(
              (request, response) -> {
                response.onNext(reply.answer(request));
                response.onCompleted();
              }));
    }
    return service.build();
  }

  /** Protobuf's binary form of one message type; gRPC bounds the stream it is given. */
  private record DynamicMarshaller(Descriptor type)
      implements MethodDescriptor.Marshaller<Message> {
    @Override
    public InputStream stream(Message value) {
      return value.toByteString().newInput();
    }

    @Override
    public Message parse(InputStream stream) {
      try {
        return DynamicMessage.parseFrom(type, stream);
      } catch (InvalidProtocolBufferException e) {
        throw Status.INVALID_ARGUMENT
            .withDescription("not a " + type.getFullName() + ": " + e.getMessage())
            .asRuntimeException();
      } catch (IOException e) {
        throw Status.INTERNAL.withDescription(e.getMessage()).asRuntimeException();
      }
    }
  }
}
