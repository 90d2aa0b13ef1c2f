package io.rpcxbench.protocols.httpjson;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.concurrent.ScheduledFuture;
import io.rpcxbench.tls.netty.NettyClientTls;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One keep-alive connection's request and reply: at most one call at a time (HTTP/1.1 without
 * pipelining), ended by its reply, its deadline or the connection's end. I/O thread only.
 */
final class Exchange extends SimpleChannelInboundHandler<FullHttpResponse> {
  private final Consumer<Channel> release;
  private Call<?> pending;
  private ScheduledFuture<?> deadline;
  private Throwable failure;

  Exchange(Consumer<Channel> release) {
    this.release = release;
  }

  /** Sends the request on the connection's event loop; the call ends as the connection says. */
  static void send(Channel channel, FullHttpRequest request, Call<?> call, Duration timeout) {
    if (channel.eventLoop().inEventLoop()) {
      start(channel, request, call, timeout);
    } else {
      channel.eventLoop().execute(() -> start(channel, request, call, timeout));
    }
  }

  private static void start(Channel channel, FullHttpRequest request, Call<?> call, Duration t) {
    Exchange exchange = channel.pipeline().get(Exchange.class);
    if (exchange == null || !channel.isActive() || exchange.pending != null) {
      request.release();
      call.fail("the connection closed before the request was sent", null);
      return;
    }
    exchange.begin(channel, request, call, t);
  }

  private void begin(Channel channel, FullHttpRequest request, Call<?> call, Duration timeout) {
    pending = call;
    deadline =
        channel
            .eventLoop()
            .schedule(
                () -> {
                  if (pending == call) {
                    pending = null;
                    call.fail("no reply within " + timeout + " (DEADLINE_EXCEEDED)", null);
                    channel.close();
                  }
                },
                timeout.toNanos(),
                TimeUnit.NANOSECONDS);
    channel
        .writeAndFlush(request)
        .addListener(
            written -> {
              if (!written.isSuccess()) {
                failure = written.cause();
                channel.close();
              }
            });
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
    Call<?> call = pending;
    pending = null;
    if (deadline != null) {
      deadline.cancel(false);
    }
    if (call == null) {
      ctx.close(); // a reply nobody asked for: the connection is out of step
      return;
    }
    int status = response.status().code();
    byte[] body = ByteBufUtil.getBytes(response.content());
    // the connection first, then the caller, whose callback may start the next call on it
    if (HttpUtil.isKeepAlive(response)) {
      release.accept(ctx.channel());
    } else {
      ctx.close();
    }
    call.answer(status, body);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    failure = cause;
    ctx.close();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    Call<?> call = pending;
    pending = null;
    if (deadline != null) {
      deadline.cancel(false);
    }
    if (call != null) {
      String why = failure == null ? "closed" : String.valueOf(failure.getMessage());
      call.fail("the connection ended before the reply: " + call.explain(why, failure), failure);
    }
    super.channelInactive(ctx);
  }

  /** A call waiting for its reply: the JSON it expects and where its result goes. */
  static final class Call<T> {
    private final String name;
    private final Class<T> replyType;
    private final CompletableFuture<T> result;
    private final NettyClientTls tls;

    Call(String name, Class<T> replyType, CompletableFuture<T> result, NettyClientTls tls) {
      this.name = name;
      this.replyType = replyType;
      this.result = result;
      this.tls = tls;
    }

    void answer(int status, byte[] body) {
      if (status / 100 != 2) {
        result.completeExceptionally(
            new HttpCallException(
                "POST /" + name + ": HTTP " + status + ": " + HttpJsonClient.detail(body), status));
        return;
      }
      try {
        result.complete(HttpJsonClient.JSON.readValue(body, replyType));
      } catch (IOException e) {
        result.completeExceptionally(
            new HttpCallException("POST /" + name + ": unreadable reply: " + e.getMessage(), e));
      }
    }

    void fail(String why, Throwable cause) {
      result.completeExceptionally(new HttpCallException("POST /" + name + ": " + why, cause));
    }

    /** Over TLS, the TLS failure's one line where one ended the connection. */
    String explain(String why, Throwable cause) {
      return tls == null ? why : tls.failure(why, cause);
    }
  }
}
