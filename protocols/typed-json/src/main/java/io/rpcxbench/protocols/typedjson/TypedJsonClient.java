package io.rpcxbench.protocols.typedjson;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.rpcxbench.api.Item;
import io.rpcxbench.protocols.typedjson.TypedJsonException.Code;
import io.rpcxbench.protocols.typedjson.wire.EchoReply;
import io.rpcxbench.protocols.typedjson.wire.EchoRequest;
import io.rpcxbench.protocols.typedjson.wire.ErrorReply;
import io.rpcxbench.protocols.typedjson.wire.HelloReply;
import io.rpcxbench.protocols.typedjson.wire.HelloRequest;
import io.rpcxbench.protocols.typedjson.wire.ItemsReply;
import io.rpcxbench.protocols.typedjson.wire.ItemsRequest;
import io.rpcxbench.protocols.typedjson.wire.MessageTypes;
import io.rpcxbench.protocols.typedjson.wire.PutReply;
import io.rpcxbench.protocols.typedjson.wire.PutRequest;
import io.rpcxbench.protocols.typedjson.wire.Reply;
import io.rpcxbench.protocols.typedjson.wire.Request;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.tls.netty.NettyClientTls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The harness's typed-json client: one persistent connection per server ({@code --host
 * a:8096,b:8096}), shared by all calling threads, calls multiplexed by request id.
 *
 * <p>Balancing: least-pending over the servers whose connection is up: a call goes to the server
 * with the fewest calls awaiting a reply from this client, ties broken round-robin (so equal
 * servers take turns, and a server that stops answering gets no more than its share of callers
 * stuck on it until its connection is seen lost). Failover: the calls in flight on a connection
 * that is lost fail with {@link Code#UNAVAILABLE} (they are not retried: the server may have served
 * them); a call that had not yet been written when its connection went is sent to another server;
 * new calls go to the servers still connected; a lost server is reconnected in the background with
 * exponential back-off and jitter, and gets calls again once it is back. With no server connected,
 * a call fails at once.
 */
final class TypedJsonClient implements BenchClient {
  private final List<ServerLink> links;
  private final EventLoopGroup group;
  private final AtomicInteger next = new AtomicInteger();
  private final AtomicLong resent = new AtomicLong();
  private final long timeoutNanos;
  private final NettyClientTls tls;
  private final String description;

  private TypedJsonClient(
      List<ServerLink> links, EventLoopGroup group, ClientOptions options, NettyClientTls tls) {
    this.tls = tls;
    this.links = links;
    this.group = group;
    this.timeoutNanos = options.callTimeout().toNanos();
    this.description =
        "typed JSON (Jackson "
            + TypedJson.JACKSON_VERSION
            + ", @class on every object, allow-list of "
            + MessageTypes.TYPES.size()
            + " types) in length-prefixed frames, Netty NIO;"
            + " 1 connection per server shared by all threads, calls multiplexed by request id;"
            + " balancing: least-pending over the connected servers ["
            + options.targets()
            + "] (ties round-robin); failover: calls in flight on a lost connection fail, unsent calls go to another"
            + " server; "
            + Backoff.describe()
            + "; callTimeout "
            + options.callTimeout()
            + ", connectTimeout "
            + options.connectTimeout()
            + (tls == null ? "" : "; " + tls.mode() + " (Netty SslHandler, JDK provider)");
  }

  /** Starts connecting to every server and waits for each first attempt (connect timeout). */
  static TypedJsonClient open(ClientOptions options) {
    List<InetSocketAddress> servers = options.servers();
    EventLoopGroup group =
        new MultiThreadIoEventLoopGroup(
            Math.min(servers.size(), Runtime.getRuntime().availableProcessors()),
            new DefaultThreadFactory("typed-json-client", true),
            NioIoHandler.newFactory());
    NettyClientTls tls =
        options
            .tlsSettings()
            .map(t -> NettyClientTls.client(t.ca(), t.cert(), t.key()))
            .orElse(null);
    Bootstrap bootstrap =
        new Bootstrap()
            .group(group)
            .channel(NioSocketChannel.class)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.SO_KEEPALIVE, true)
            .option(
                ChannelOption.CONNECT_TIMEOUT_MILLIS,
                (int)
                    Math.max(1, Math.min(Integer.MAX_VALUE, options.connectTimeout().toMillis())));
    List<ServerLink> links =
        servers.stream()
            .map(
                s ->
                    new ServerLink(
                        s, target(s), bootstrap, group.next(), tls, options.connectTimeout()))
            .collect(Collectors.toUnmodifiableList());
    CompletableFuture<?>[] first =
        links.stream().map(ServerLink::start).toArray(CompletableFuture<?>[]::new);
    try {
      CompletableFuture.allOf(first)
          .get(options.connectTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception slow) {
      // calls fail while no server is connected; the links keep trying
    }
    return new TypedJsonClient(links, group, options, tls);
  }

  private static String target(InetSocketAddress s) {
    String host = s.getHostString();
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + s.getPort();
  }

  @Override
  public String hello(String name) {
    return call(new HelloRequest(name), HelloReply.class).text();
  }

  @Override
  public byte[] echo(byte[] payload) {
    return call(new EchoRequest(payload), EchoReply.class).payload();
  }

  @Override
  public boolean put(String key, byte[] value) {
    return call(new PutRequest(key, value), PutReply.class).stored();
  }

  @Override
  public List<Item> items(int n) {
    return call(new ItemsRequest(n), ItemsReply.class).items();
  }

  @Override
  public String describe() {
    return description;
  }

  /** Every server's counters, in {@code --host} order. */
  List<ServerLink.Stats> stats() {
    return links.stream().map(ServerLink::stats).collect(Collectors.toUnmodifiableList());
  }

  /** Calls sent again to another server because their connection went before they were written. */
  long resent() {
    return resent.get();
  }

  @Override
  public Optional<String> tlsSession() {
    return tls == null ? Optional.empty() : tls.session();
  }

  @Override
  public void close() {
    links.forEach(ServerLink::close);
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
  }

  /** One call to the least-pending server, failing over an unsent call; its reply or a throw. */
  <R extends Reply> R call(Request request, Class<R> expected) {
    byte[] json = encode(request);
    long deadline = System.nanoTime() + timeoutNanos;
    for (int attempt = 0; ; attempt++) {
      Connection connection = pick();
      if (connection == null) {
        throw unavailable();
      }
      Object outcome = await(connection, new PendingCall(json), deadline);
      if (outcome instanceof byte[] reply) {
        return decode(reply, expected);
      }
      if (outcome != PendingCall.NOT_SENT) {
        throw (TypedJsonException) outcome;
      }
      resent.incrementAndGet();
      if (attempt >= links.size()) {
        throw unavailable();
      }
    }
  }

  /** The connected server with the fewest calls awaiting a reply, from a rotating start. */
  private Connection pick() {
    int n = links.size();
    if (n == 1) {
      return links.get(0).connection();
    }
    int start = Math.floorMod(next.getAndIncrement(), n);
    Connection best = null;
    int fewest = Integer.MAX_VALUE;
    for (int i = 0; i < n; i++) {
      Connection c = links.get((start + i) % n).connection();
      if (c != null) {
        int awaited = c.awaited();
        if (awaited < fewest) {
          best = c;
          fewest = awaited;
        }
      }
    }
    return best;
  }

  private Object await(Connection connection, PendingCall call, long deadline) {
    connection.send(call);
    try {
      return awaitSent(connection, call, deadline);
    } finally {
      connection.done();
    }
  }

  private Object awaitSent(Connection connection, PendingCall call, long deadline) {
    TypedJsonException ended;
    try {
      Object outcome = call.await(deadline);
      if (outcome != null) {
        return outcome;
      }
      ended =
          new TypedJsonException(
              Code.DEADLINE_EXCEEDED,
              "no reply within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      ended = new TypedJsonException(Code.CANCELLED, "the calling thread was interrupted");
    }
    if (call.finish(ended)) {
      connection.abandon(call);
      return ended;
    }
    return call.outcome(); // it ended meanwhile
  }

  private static byte[] encode(Request request) {
    byte[] json;
    try {
      json = TypedJson.REQUEST_WRITER.writeValueAsBytes(request);
    } catch (JsonProcessingException e) {
      throw new TypedJsonException(Code.INTERNAL, "cannot encode " + request.getClass(), e);
    }
    if (Frames.ID_BYTES + json.length > Frames.MAX_FRAME) {
      throw new TypedJsonException(
          Code.INVALID_ARGUMENT,
          "a request of "
              + json.length
              + " bytes of JSON is over the frame limit of "
              + Frames.MAX_FRAME
              + " bytes (not sent)");
    }
    return json;
  }

  private static <R extends Reply> R decode(byte[] json, Class<R> expected) {
    Reply reply;
    try {
      reply = TypedJson.REPLIES.readValue(json);
    } catch (IOException e) {
      throw new TypedJsonException(Code.INTERNAL, "undecodable reply: " + e.getMessage(), e);
    }
    if (reply instanceof ErrorReply error) {
      throw new TypedJsonException(
          Code.valueOf(error.status().name()), String.valueOf(error.message()));
    }
    if (!expected.isInstance(reply)) {
      throw new TypedJsonException(
          Code.INTERNAL, "expected " + expected.getSimpleName() + ", got " + reply.getClass());
    }
    return expected.cast(reply);
  }

  private TypedJsonException unavailable() {
    StringBuilder why = new StringBuilder("no server connected:");
    Throwable cause = null;
    for (ServerLink link : links) {
      Throwable failure = link.lastFailure();
      why.append(' ').append(link.name()).append(" (").append(link.whyNotConnected()).append(')');
      if (cause == null) {
        cause = failure;
      }
    }
    return new TypedJsonException(Code.UNAVAILABLE, why.toString(), cause);
  }
}
