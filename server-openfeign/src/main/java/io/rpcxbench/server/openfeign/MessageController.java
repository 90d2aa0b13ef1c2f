package io.rpcxbench.server.openfeign;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.MessageSchema;
import io.rpcxbench.message.ShapeException;
import io.rpcxbench.serverkit.ServerStarter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * A user's message as JSON over HTTP/1.1 (docs/messages.md): {@code POST /message/{echo|ack|small}}
 * with the record in protobuf's JSON mapping, parsed by protobuf's own {@link JsonFormat} into a
 * {@link DynamicMessage} of the type the kit's {@code --message} names, the reply printed the same
 * way. Without {@code --message} a message call is a 400.
 */
@RestController
final class MessageController {
  private static final JsonFormat.Printer PRINTER =
      JsonFormat.printer().omittingInsignificantWhitespace();
  private static final JsonFormat.Parser PARSER = JsonFormat.parser();

  private final Descriptor type;

  /** The registered service's message shape; an unusable schema refuses the start. */
  MessageController(ObjectProvider<BenchService> service) {
    String shape = service.getIfAvailable(BenchLogic::new).messageShape().orElse(null);
    try {
      this.type = shape == null ? null : MessageSchema.load(shape);
    } catch (ShapeException e) {
      throw new ServerStarter.RefusedService("--message: " + e.getMessage());
    }
  }

  @PostMapping(
      value = "/message/{reply}",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  String message(@PathVariable("reply") String reply, @RequestBody String body) {
    if (type == null) {
      throw new InvalidArgumentException("this server was started without --message");
    }
    MessageReply mode;
    try {
      mode = MessageReply.of(reply);
    } catch (ShapeException e) {
      throw new InvalidArgumentException(e.getMessage());
    }
    DynamicMessage.Builder request = DynamicMessage.newBuilder(type);
    try {
      PARSER.merge(body, request);
      return PRINTER.print(mode.answer(request.build()));
    } catch (InvalidProtocolBufferException e) {
      throw new InvalidArgumentException("not a " + type.getFullName() + ": " + e.getMessage());
    }
  }
}
