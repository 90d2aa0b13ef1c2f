package io.rpcxbench.protocols.typedjson;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.google.protobuf.Descriptors.Descriptor;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.PublishedMessage;
import io.rpcxbench.message.ShapeException;
import io.rpcxbench.protocols.typedjson.wire.EchoReply;
import io.rpcxbench.protocols.typedjson.wire.EchoRequest;
import io.rpcxbench.protocols.typedjson.wire.ErrorReply;
import io.rpcxbench.protocols.typedjson.wire.ErrorReply.Status;
import io.rpcxbench.protocols.typedjson.wire.HelloReply;
import io.rpcxbench.protocols.typedjson.wire.HelloRequest;
import io.rpcxbench.protocols.typedjson.wire.ItemsReply;
import io.rpcxbench.protocols.typedjson.wire.ItemsRequest;
import io.rpcxbench.protocols.typedjson.wire.PutReply;
import io.rpcxbench.protocols.typedjson.wire.PutRequest;
import io.rpcxbench.protocols.typedjson.wire.RecordReply;
import io.rpcxbench.protocols.typedjson.wire.RecordRequest;
import io.rpcxbench.protocols.typedjson.wire.Reply;
import io.rpcxbench.protocols.typedjson.wire.Request;
import io.rpcxbench.serverkit.RateLimitedLog;
import io.rpcxbench.serverkit.ServerStarter;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's side of a call, on the connection's I/O thread: decode the typed JSON, call {@link
 * BenchLogic}, encode the reply with the request's id. Replies are flushed once per read batch.
 * Anything the frame holds that is not a call is an {@link ErrorReply} and the connection goes on;
 * a frame too short for an id, or a length over the bound, closes the connection.
 */
@ChannelHandler.Sharable
final class CallHandler extends SimpleChannelInboundHandler<ByteBuf> {
  private static final Logger log = LoggerFactory.getLogger(CallHandler.class);
  private static final RateLimitedLog warnings = new RateLimitedLog(log);
  private static final int MAX_MESSAGE = 300;

  private final BenchService logic;

  /** The type of the kit's {@code --message}, or null: message calls are refused. */
  private final Descriptor messageType;

  /** Plain {@link BenchLogic}. */
  CallHandler() {
    this(new BenchLogic());
  }

  /**
   * Serving the server kit's service (and its message, if it names one).
   *
   * @throws ServerStarter.RefusedService when the message's schema cannot be used
   */
  CallHandler(BenchService logic) {
    this.logic = logic;
    PublishedMessage message = PublishedMessage.of(logic, ServerStarter.RefusedService::new);
    this.messageType = message.published() ? message.type() : null;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) throws IOException {
    if (frame.readableBytes() < Frames.ID_BYTES) {
      warnings.warn(
          "frame",
          "closing the connection from {}: a frame of {} bytes has no request id",
          ctx.channel().remoteAddress(),
          frame.readableBytes());
      ctx.close();
      return;
    }
    int id = frame.readInt();
    ByteBuf out = Frames.encode(ctx.alloc(), id, answer(frame), TypedJson.REPLY_WRITER);
    if (out == null) {
      out =
          Frames.encode(
              ctx.alloc(),
              id,
              new ErrorReply(Status.INTERNAL, "reply over the frame limit"),
              TypedJson.REPLY_WRITER);
    }
    ctx.write(out, ctx.voidPromise());
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof IOException && !(cause instanceof JacksonException)) {
      log.debug("connection from {}: {}", ctx.channel().remoteAddress(), cause.toString());
    } else {
      warnings.warn(
          "error",
          "closing the connection from {}: {}",
          ctx.channel().remoteAddress(),
          cause.toString());
    }
    ctx.close();
  }

  /**
   * Answers one call of each kind in-process before the server listens, so that the first call of a
   * client is not the one that loads Jackson and builds its (de)serializers (seconds on a busy box,
   * when a restarted server rejoins a balanced client under load).
   */
  void warmUp() throws IOException {
    for (Request r :
        List.of(
            new HelloRequest("warm-up"),
            new EchoRequest(new byte[1]),
            new PutRequest("warm-up", new byte[1]),
            new ItemsRequest(1),
            new HelloRequest(null))) {
      byte[] json = TypedJson.REQUEST_WRITER.writeValueAsBytes(r);
      Reply reply = answer(Unpooled.wrappedBuffer(json));
      TypedJson.REPLIES.readValue(TypedJson.REPLY_WRITER.writeValueAsBytes(reply));
    }
  }

  /** The reply to one frame's JSON. */
  Reply answer(ByteBuf json) {
    Request request;
    try (InputStream in = new ByteBufInputStream(json)) {
      request = TypedJson.REQUESTS.readValue(in);
    } catch (InvalidTypeIdException e) {
      if (e.getTypeId() == null) {
        return new ErrorReply(
            Status.BAD_REQUEST, "malformed typed JSON: " + oneLine(e.getOriginalMessage()));
      }
      // an unknown, disallowed (gadget) or non-request type: refused before any instantiation
      return new ErrorReply(
          Status.BAD_REQUEST,
          "not a call: type id '"
              + oneLine(e.getTypeId())
              + "' ("
              + oneLine(e.getOriginalMessage())
              + ")");
    } catch (IOException e) {
      String what = e instanceof JacksonException j ? j.getOriginalMessage() : e.toString();
      return new ErrorReply(Status.BAD_REQUEST, "malformed typed JSON: " + oneLine(what));
    }
    try {
      return call(request);
    } catch (InvalidArgumentException e) {
      return new ErrorReply(Status.INVALID_ARGUMENT, e.getMessage());
    } catch (RuntimeException e) {
      warnings.warn("call", "call {} failed: {}", request.getClass().getSimpleName(), e.toString());
      return new ErrorReply(Status.INTERNAL, oneLine(e.toString()));
    }
  }

  private Reply call(Request request) {
    if (request instanceof HelloRequest hello) {
      return new HelloReply(logic.hello(hello.name()));
    }
    if (request instanceof EchoRequest echo) {
      return new EchoReply(logic.echo(echo.payload()));
    }
    if (request instanceof PutRequest put) {
      return new PutReply(logic.put(put.key(), put.value()));
    }
    if (request instanceof ItemsRequest items) {
      return new ItemsReply(logic.items(items.n()));
    }
    if (request instanceof RecordRequest record) {
      return record(record);
    }
    throw new IllegalStateException("no call for " + request.getClass().getName());
  }

  /** A user's message, decoded as the kit's type and answered in the mode asked for. */
  private Reply record(RecordRequest request) {
    if (messageType == null) {
      return new ErrorReply(Status.BAD_REQUEST, "this server was started without --message");
    }
    if (request.record() == null) {
      return new ErrorReply(Status.INVALID_ARGUMENT, "a message call without its record");
    }
    MessageReply mode;
    try {
      mode = MessageReply.of(String.valueOf(request.reply()));
    } catch (ShapeException e) {
      return new ErrorReply(Status.INVALID_ARGUMENT, oneLine(e.getMessage()));
    }
    try {
      return new RecordReply(
          RecordCodec.tree(mode.answer(RecordCodec.message(request.record(), messageType))));
    } catch (IllegalArgumentException e) {
      return new ErrorReply(Status.INVALID_ARGUMENT, oneLine(e.getMessage()));
    }
  }

  private static String oneLine(String text) {
    String line = String.valueOf(text).replaceAll("\\s+", " ").trim();
    return line.length() > MAX_MESSAGE ? line.substring(0, MAX_MESSAGE) + "..." : line;
  }
}
