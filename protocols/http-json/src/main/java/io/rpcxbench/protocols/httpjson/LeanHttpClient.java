package io.rpcxbench.protocols.httpjson;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.Item;
import io.rpcxbench.server.openfeign.json.EchoBody;
import io.rpcxbench.server.openfeign.json.HelloBody;
import io.rpcxbench.server.openfeign.json.ItemsBody;
import io.rpcxbench.server.openfeign.json.PutBody;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.netty.NettyClientTls;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A lean HTTP/1.1 generator for the Tomcat server (issue 31): Netty's HTTP codec on one I/O thread,
 * keep-alive connections taken from an idle queue (one request at a time on each, no pipelining; a
 * call with none idle opens one, so T closed-loop threads use T connections and N in flight N), the
 * same JSON bodies as {@code http-json} written by the same Jackson mapper. It exists so that the
 * server's capacity shows where the JDK HttpClient is the limit; its figures are the generator's,
 * labelled as such, beside {@code http-json}'s, which stay the library's honest ones.
 *
 * <p>Every call has its deadline on the connection's event loop: a call not answered by then fails
 * and its connection is closed (an HTTP/1.1 reply cannot be skipped). A reply without keep-alive
 * closes its connection. {@code --tls}: Netty's SslHandler from the kit's PEM files.
 */
final class LeanHttpClient implements BenchClient {
  /** The largest reply body read: the contract's largest echo in base64 JSON, with room. */
  static final int MAX_REPLY_BYTES = 4 * BenchContract.MAX_PAYLOAD;

  private final EventLoopGroup group;
  private final Bootstrap bootstrap;
  private final Queue<Channel> idle = new ConcurrentLinkedQueue<>();
  private final String hostHeader;
  private final Duration callTimeout;
  private final Duration connectTimeout;
  private final NettyClientTls tls;
  private final String description;
  private volatile boolean closed;

  private LeanHttpClient(ClientOptions options, NettyClientTls tls) {
    this.tls = tls;
    this.callTimeout = options.callTimeout();
    this.connectTimeout = options.connectTimeout();
    this.hostHeader = options.target();
    this.group =
        new MultiThreadIoEventLoopGroup(
            1, new DefaultThreadFactory("lean-http", true), NioIoHandler.newFactory());
    String host = options.host();
    int port = options.port();
    this.bootstrap =
        new Bootstrap()
            .group(group)
            .channel(NioSocketChannel.class)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(
                ChannelOption.CONNECT_TIMEOUT_MILLIS,
                (int) Math.max(1, Math.min(Integer.MAX_VALUE, connectTimeout.toMillis())))
            .remoteAddress(host, port)
            .handler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    ch.pipeline()
                        .addLast("http", new HttpClientCodec())
                        .addLast("aggregate", new HttpObjectAggregator(MAX_REPLY_BYTES))
                        .addLast("exchange", new Exchange(LeanHttpClient.this::released));
                    if (tls != null) {
                      tls.addFirst(ch, host, port, connectTimeout);
                    }
                  }
                });
    this.description =
        "lean generator: Netty "
            + io.netty.util.Version.identify().getOrDefault("netty-codec-http", null)
            + " HTTP/1.1 codec, 1 I/O thread, keep-alive connections one request each (as many"
            + " as calls in flight), Jackson bodies as http-json's, callTimeout "
            + callTimeout
            + ", connectTimeout "
            + connectTimeout
            + (tls == null ? "" : ", " + tls.mode() + " (Netty SslHandler, JDK provider)");
  }

  static LeanHttpClient open(ClientOptions options) {
    ClientTls tls = options.tlsSettings().orElse(null);
    return new LeanHttpClient(
        options, tls == null ? null : NettyClientTls.client(tls.ca(), tls.cert(), tls.key()));
  }

  @Override
  public String hello(String name) {
    return await(helloAsync(name));
  }

  @Override
  public byte[] echo(byte[] payload) {
    return await(echoAsync(payload));
  }

  @Override
  public boolean put(String key, byte[] value) {
    return await(putAsync(key, value));
  }

  @Override
  public List<Item> items(int n) {
    return await(itemsAsync(n));
  }

  /** Netty's own: calls in flight hold a connection each, not a thread. */
  @Override
  public boolean isAsync() {
    return true;
  }

  @Override
  public CompletableFuture<String> helloAsync(String name) {
    return post(BenchContract.HELLO, new HelloBody.Request(name), HelloBody.Reply.class)
        .thenApply(HelloBody.Reply::message);
  }

  @Override
  public CompletableFuture<byte[]> echoAsync(byte[] payload) {
    return post(BenchContract.ECHO, new EchoBody(payload), EchoBody.class)
        .thenApply(EchoBody::payload);
  }

  @Override
  public CompletableFuture<Boolean> putAsync(String key, byte[] value) {
    return post(BenchContract.PUT, new PutBody.Request(key, value), PutBody.Reply.class)
        .thenApply(PutBody.Reply::ok);
  }

  @Override
  public CompletableFuture<List<Item>> itemsAsync(int n) {
    return post(BenchContract.ITEMS, new ItemsBody.Request(n), ItemsBody.Reply.class)
        .thenApply(ItemsBody.Reply::items);
  }

  private <T> CompletableFuture<T> post(String call, Object body, Class<T> replyType) {
    CompletableFuture<T> reply = new CompletableFuture<>();
    if (closed) {
      reply.completeExceptionally(new HttpCallException("POST /" + call + ": client closed", 0));
      return reply;
    }
    FullHttpRequest request = request(call, HttpJsonClient.write(body));
    Exchange.Call<T> pending = new Exchange.Call<>(call, replyType, reply, tls);
    Channel channel = takeIdle();
    if (channel != null) {
      Exchange.send(channel, request, pending, callTimeout);
      return reply;
    }
    bootstrap
        .connect()
        .addListener(
            (ChannelFuture connected) -> {
              if (connected.isSuccess()) {
                Exchange.send(connected.channel(), request, pending, callTimeout);
              } else {
                request.release();
                pending.fail(
                    "cannot connect to "
                        + hostHeader
                        + ": "
                        + (tls == null
                            ? String.valueOf(connected.cause().getMessage())
                            : tls.failure(
                                String.valueOf(connected.cause().getMessage()), connected.cause())),
                    connected.cause());
              }
            });
    return reply;
  }

  private FullHttpRequest request(String call, byte[] json) {
    FullHttpRequest request =
        new DefaultFullHttpRequest(
            HttpVersion.HTTP_1_1, HttpMethod.POST, "/" + call, Unpooled.wrappedBuffer(json));
    request
        .headers()
        .set(HttpHeaderNames.HOST, hostHeader)
        .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
        .set(HttpHeaderNames.ACCEPT, HttpHeaderValues.APPLICATION_JSON)
        .setInt(HttpHeaderNames.CONTENT_LENGTH, json.length);
    return request;
  }

  private Channel takeIdle() {
    for (Channel c = idle.poll(); c != null; c = idle.poll()) {
      if (c.isActive()) {
        return c;
      }
    }
    return null;
  }

  /** The I/O thread: an answered, still open keep-alive connection goes back to the idle queue. */
  private void released(Channel channel) {
    if (closed) {
      channel.close();
    } else {
      idle.add(channel);
    }
  }

  /** The call's result, within its deadline plus the connect timeout (the deadline ends it). */
  private <T> T await(CompletableFuture<T> reply) {
    try {
      return reply.get(
          callTimeout.plus(connectTimeout).plusSeconds(5).toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new HttpCallException(String.valueOf(e.getCause()), e.getCause());
    } catch (TimeoutException e) {
      throw new HttpCallException("no reply past the call's deadline " + callTimeout, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new HttpCallException("interrupted", e);
    }
  }

  @Override
  public Optional<String> tlsSession() {
    return tls == null ? Optional.empty() : tls.session();
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public void close() {
    closed = true;
    for (Channel c = idle.poll(); c != null; c = idle.poll()) {
      c.close();
    }
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
