package io.rpcxbench.link;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.InetSocketAddress;

/**
 * A shaped link as a TCP proxy: every connection accepted on {@code listen} is carried to {@code
 * target}, its requests over the profile's up direction and its replies over the down direction.
 * One event-loop thread carries every connection, so the two links' rates are shared by all of
 * them, as a real link's are.
 *
 * <pre>
 *   try (LinkShaper shaper = LinkShaper.onLoopback("cross-az", serverAddress)) {
 *     client.connect(shaper.address());
 *   }
 * </pre>
 */
public final class LinkShaper implements AutoCloseable {
  private final EventLoopGroup loop;
  private final Channel server;

  private LinkShaper(EventLoopGroup loop, Channel server) {
    this.loop = loop;
    this.server = server;
  }

  /** A shaper for a named profile of the packed table, listening on a free loopback port. */
  public static LinkShaper onLoopback(String profile, InetSocketAddress target)
      throws InterruptedException {
    return start(
        NetworkProfiles.packed().named(profile), new InetSocketAddress("127.0.0.1", 0), target, 1);
  }

  static LinkShaper start(
      NetworkProfile profile, InetSocketAddress listen, InetSocketAddress target, long seed)
      throws InterruptedException {
    if (profile.up().needsPackets() || profile.down().needsPackets()) {
      throw new IllegalArgumentException(
          "profile "
              + profile.name()
              + " has loss, reordering or duplication: a proxy carries TCP's bytes, "
              + "which are never lost or reordered; run it in the lab (deploy/lab.sh up --profile "
              + profile.name()
              + ", root, netem)");
    }
    for (LinkDirection d : new LinkDirection[] {profile.up(), profile.down()}) {
      if (d.jitterNanos() > 0 && d.distribution().startsWith("pareto")) {
        throw new IllegalArgumentException(
            "the link-shaper draws jitter from normal or uniform only, not "
                + d.distribution()
                + " (the lab's netem has it)");
      }
    }
    boolean epoll = Epoll.isAvailable();
    IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, io);
    Link up = new Link(profile.up(), seed);
    Link down = new Link(profile.down(), seed + 1);
    Class<? extends ServerChannel> serverType =
        epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    Class<? extends SocketChannel> clientType =
        epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    ServerBootstrap b =
        new ServerBootstrap()
            .group(loop)
            .channel(serverType)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.AUTO_READ, false)
            .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel client) {
                    connect(client, target, clientType, up, down);
                  }
                });
    try {
      Channel server = b.bind(listen).sync().channel();
      return new LinkShaper(loop, server);
    } catch (RuntimeException | InterruptedException e) {
      loop.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS);
      throw e;
    }
  }

  private static void connect(
      SocketChannel client,
      InetSocketAddress target,
      Class<? extends SocketChannel> type,
      Link up,
      Link down) {
    ChannelFuture connected =
        new Bootstrap()
            .group(client.eventLoop())
            .channel(type)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.AUTO_READ, false)
            .option(ChannelOption.ALLOW_HALF_CLOSURE, true)
            .handler(new io.netty.channel.ChannelInboundHandlerAdapter())
            .connect(target);
    connected.addListener(
        f -> {
          if (!f.isSuccess()) {
            client.close(); // the server is not there: the client sees its connection end
            return;
          }
          Channel server = connected.channel();
          client.pipeline().addLast(new ShapedForwarder(up, server));
          server.pipeline().addLast(new ShapedForwarder(down, client));
          client.config().setAutoRead(true);
          server.config().setAutoRead(true);
        });
  }

  public InetSocketAddress address() {
    return (InetSocketAddress) server.localAddress();
  }

  @Override
  public void close() {
    server.close().syncUninterruptibly();
    loop.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
  }
}
