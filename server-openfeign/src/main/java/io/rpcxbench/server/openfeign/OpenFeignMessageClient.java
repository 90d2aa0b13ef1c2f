package io.rpcxbench.server.openfeign;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.spi.ClientOptions;

/**
 * OpenFeign's client for a user's message: the record in protobuf's JSON mapping, printed by
 * protobuf's own {@link JsonFormat} (Jackson has no schema for a type known only at run time), sent
 * by the same {@code @FeignClient} and HTTP client as the contract's calls to {@code POST
 * /message/{echo|ack|small}} (the server's MessageController, http-json's too), the reply parsed
 * back the same way. Failures are Feign's own ({@code FeignException.BadRequest} for a refused
 * body).
 */
final class OpenFeignMessageClient implements MessageClient {
  private static final JsonFormat.Printer PRINTER =
      JsonFormat.printer().omittingInsignificantWhitespace();
  private static final JsonFormat.Parser PARSER = JsonFormat.parser();

  private final OpenFeignBenchClient feign;
  private final Descriptor type;

  private OpenFeignMessageClient(OpenFeignBenchClient feign, Descriptor type) {
    this.feign = feign;
    this.type = type;
  }

  static OpenFeignMessageClient open(ClientOptions options, FeignHttp http, Descriptor type) {
    return new OpenFeignMessageClient(OpenFeignBenchClient.open(options, http), type);
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    String answer = feign.message(reply.id(), json(record));
    Descriptor replyType = reply.replyType(type);
    DynamicMessage.Builder parsed = DynamicMessage.newBuilder(replyType);
    try {
      PARSER.merge(answer == null ? "" : answer, parsed);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("reply is not " + replyType.getFullName() + ": " + e, e);
    }
    return parsed.build();
  }

  @Override
  public String describe() {
    return feign.describe()
        + ", protobuf JsonFormat of "
        + type.getFullName()
        + " as a String body to POST /message/{echo|ack|small}";
  }

  @Override
  public void close() {
    feign.close();
  }

  private String json(Message record) {
    try {
      return PRINTER.print(record);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("cannot print " + type.getFullName() + ": " + e, e);
    }
  }
}
