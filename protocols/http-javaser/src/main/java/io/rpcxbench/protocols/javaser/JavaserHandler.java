package io.rpcxbench.protocols.javaser;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.api.UnavailableException;
import io.rpcxbench.message.PublishedMessage;
import io.rpcxbench.serverkit.RateLimitedLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.LoggerFactory;

/**
 * One aggregated request: route by path, deserialize the body through the request allow-list, call
 * {@link BenchService}, serialize the reply. Every refusal is a status with a text/plain detail
 * (400 for a rejected or unreadable body and an invalid argument) and the connection stays open.
 */
final class JavaserHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  /** A refusal per request a client chooses: one line per 10 s (issue 48: one per request). */
  private static final RateLimitedLog REFUSALS =
      new RateLimitedLog(LoggerFactory.getLogger(JavaserHandler.class));

  private final BenchService bench;
  private final PublishedMessage messages;

  JavaserHandler(BenchService bench, PublishedMessage messages) {
    this.bench = bench;
    this.messages = messages;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    if (!request.decoderResult().isSuccess()) {
      send(ctx, request, error(HttpResponseStatus.BAD_REQUEST, "malformed HTTP request"), false);
      return;
    }
    String path = request.uri();
    if (!request.method().equals(HttpMethod.POST)) {
      send(ctx, request, error(HttpResponseStatus.METHOD_NOT_ALLOWED, "POST only"), true);
      return;
    }
    String type = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
    if (type == null || !type.startsWith(WireCodec.CONTENT_TYPE)) {
      send(
          ctx,
          request,
          error(
              HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
              "Content-Type must be " + WireCodec.CONTENT_TYPE),
          true);
      return;
    }
    FullHttpResponse response;
    try {
      response = ok(ctx, answer(path, request.content()));
    } catch (NotFound e) {
      response = error(HttpResponseStatus.NOT_FOUND, "no call " + path);
    } catch (WireCodec.RejectedException e) {
      REFUSALS.warn(
          "rejected",
          "http-javaser: refused POST {} from {}: {}",
          path,
          ctx.channel().remoteAddress(),
          e.getMessage());
      response = error(HttpResponseStatus.BAD_REQUEST, e.getMessage());
    } catch (InvalidArgumentException e) {
      response = error(HttpResponseStatus.BAD_REQUEST, e.getMessage());
    } catch (UnavailableException e) { // a chain gateway's service failed
      response = error(HttpResponseStatus.SERVICE_UNAVAILABLE, e.getMessage());
    } catch (IOException e) {
      response = error(HttpResponseStatus.INTERNAL_SERVER_ERROR, "cannot write reply: " + e);
    }
    send(ctx, request, response, true);
  }

  private Object answer(String path, ByteBuf body) throws WireCodec.RejectedException, NotFound {
    ByteBufInputStream in = new ByteBufInputStream(body);
    WireFilters.RecordingFilter filter = WireFilters.requests();
    switch (path) {
      case "/" + BenchContract.HELLO:
        return new Wire.HelloReply(
            bench.hello(WireCodec.read(in, filter, Wire.HelloRequest.class).name()));
      case "/" + BenchContract.ECHO:
        return new Wire.EchoReply(
            bench.echo(WireCodec.read(in, filter, Wire.EchoRequest.class).payload()));
      case "/" + BenchContract.PUT:
        Wire.PutRequest put = WireCodec.read(in, filter, Wire.PutRequest.class);
        return new Wire.PutReply(bench.put(put.key(), put.value()));
      case "/" + BenchContract.ITEMS:
        return Wire.ItemsReply.of(
            bench.items(WireCodec.read(in, filter, Wire.ItemsRequest.class).n()));
      case "/" + Wire.MESSAGE_PATH:
        Wire.MessageRequest message = WireCodec.read(in, filter, Wire.MessageRequest.class);
        return new Wire.MessageAnswer(messages.answer(message.reply(), message.body()));
      default:
        throw new NotFound();
    }
  }

  private static FullHttpResponse ok(ChannelHandlerContext ctx, Object reply) throws IOException {
    ByteBuf body = ctx.alloc().buffer();
    try {
      WireCodec.write(reply, new ByteBufOutputStream(body));
    } catch (IOException | RuntimeException e) {
      body.release();
      throw e;
    }
    FullHttpResponse response =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body);
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, WireCodec.CONTENT_TYPE);
    return response;
  }

  private static FullHttpResponse error(HttpResponseStatus status, String detail) {
    FullHttpResponse response =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, status, Unpooled.copiedBuffer(detail, StandardCharsets.UTF_8));
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
    return response;
  }

  private static void send(
      ChannelHandlerContext ctx,
      FullHttpRequest request,
      FullHttpResponse response,
      boolean mayKeepAlive) {
    HttpUtil.setContentLength(response, response.content().readableBytes());
    boolean keepAlive = mayKeepAlive && HttpUtil.isKeepAlive(request);
    HttpUtil.setKeepAlive(response, keepAlive);
    if (keepAlive) {
      ctx.writeAndFlush(response, ctx.voidPromise());
    } else {
      ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // a reset connection or the like: nothing to answer
    ctx.close();
  }

  /** The path names no call. */
  private static final class NotFound extends Exception {
    private static final long serialVersionUID = 1L;
  }
}
