package io.rpcxbench.protocols.grpcstream;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.grpc.Status;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.protocols.grpcstream.wire.CallReply;
import io.rpcxbench.protocols.grpcstream.wire.CallRequest;
import io.rpcxbench.protocols.grpcstream.wire.MessageCall;
import java.util.concurrent.CompletableFuture;

/**
 * The gRPC bidi stream's client for a user's message: the record's protobuf bytes as the body of a
 * {@code MessageCall} on the one stream every caller shares (as the contract's calls travel), the
 * reply decoded into a {@link DynamicMessage} of the type the mode answers with. The stream is
 * asynchronous by nature, so {@link #callAsync} is its own: a request queued on the stream, its
 * reply matched by id.
 */
final class GrpcStreamMessageClient implements MessageClient {
  private final GrpcStreamClient stream;
  private final Descriptor type;

  GrpcStreamMessageClient(GrpcStreamClient stream, Descriptor type) {
    this.stream = stream;
    this.type = type;
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    return decoded(stream.call(request(record, reply), CallReply.ResultCase.MESSAGE), reply);
  }

  @Override
  public boolean isAsync() {
    return true;
  }

  @Override
  public CompletableFuture<Message> callAsync(Message record, MessageReply reply) {
    return stream
        .start(request(record, reply), CallReply.ResultCase.MESSAGE)
        .thenApply(answer -> decoded(answer, reply));
  }

  @Override
  public String describe() {
    return stream.describe()
        + "; protobuf-java DynamicMessage of "
        + type.getFullName()
        + ", the record's bytes in a MessageCall";
  }

  @Override
  public void close() {
    stream.close();
  }

  private static CallRequest.Builder request(Message record, MessageReply reply) {
    return CallRequest.newBuilder()
        .setMessage(MessageCall.newBuilder().setReply(mode(reply)).setBody(record.toByteString()));
  }

  private Message decoded(CallReply answer, MessageReply reply) {
    try {
      return DynamicMessage.parseFrom(reply.replyType(type), answer.getMessage());
    } catch (InvalidProtocolBufferException e) {
      throw Status.INTERNAL.withDescription("reply: " + e.getMessage()).asRuntimeException();
    }
  }

  /** The wire's mode: the IDL numbers its modes as {@link MessageReply#number()} does. */
  private static MessageCall.Mode mode(MessageReply reply) {
    return MessageCall.Mode.forNumber(reply.number());
  }
}
