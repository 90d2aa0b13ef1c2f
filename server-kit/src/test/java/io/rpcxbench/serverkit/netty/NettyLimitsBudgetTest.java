package io.rpcxbench.serverkit.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.rpcxbench.serverkit.Await;
import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.ServerLimits;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 30's "2,000 connections x 62 KiB": unfinished requests under 64 KiB count against the
 * budget (by the capacity their decoder holds), so the connections past it are closed while small
 * whole requests go on being answered.
 */
class NettyLimitsBudgetTest {
  private static final long BUDGET = 1024 * 1024 + 7; // a size no other test shares

  private EventLoopGroup group;
  private Channel server;
  private NettyLimits guard;

  @BeforeEach
  void start() throws InterruptedException {
    group = new NioEventLoopGroup(1);
    guard = new NettyLimits("framed", ServerLimits.none().withMaxBufferedBytes(BUDGET));
    server =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .handler(guard.connectionCap())
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    guard.addFirst(ch.pipeline());
                    ch.pipeline()
                        .addLast(
                            new LengthFieldBasedFrameDecoder(2 << 20, 0, 4, 0, 4),
                            guard.requestDecoded(),
                            new SimpleChannelInboundHandler<ByteBuf>() {
                              @Override
                              protected void channelRead0(ChannelHandlerContext ctx, ByteBuf msg) {
                                ctx.writeAndFlush(
                                    ctx.alloc().buffer(4).writeInt(msg.readableBytes()));
                              }
                            });
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .channel();
  }

  @AfterEach
  void stop() {
    server.close().syncUninterruptibly();
    group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
  }

  private Socket connect() throws IOException {
    Socket socket =
        new Socket(
            InetAddress.getLoopbackAddress(),
            ((InetSocketAddress) server.localAddress()).getPort());
    socket.setSoTimeout(10_000);
    return socket;
  }

  private static int call(Socket socket, int length) throws IOException {
    DataOutputStream out = new DataOutputStream(socket.getOutputStream());
    out.writeInt(length);
    out.write(new byte[length]);
    out.flush();
    return new DataInputStream(socket.getInputStream()).readInt();
  }

  @Test
  void partialRequestsUnder64KiBCountAndThoseOverTheBudgetAreClosed() throws Exception {
    InputBudget budget = InputBudget.shared(BUDGET);
    List<Socket> attackers = new ArrayList<>();
    try (Socket honest = connect()) {
      assertThat(call(honest, 100)).isEqualTo(100);
      for (int i = 0; i < 40; i++) {
        Socket s = connect();
        attackers.add(s);
        DataOutputStream out = new DataOutputStream(s.getOutputStream());
        out.writeInt(1 << 20);
        out.write(new byte[62 * 1024]);
        out.flush();
      }
      long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      int closed = 0;
      for (Socket s : attackers) {
        s.setSoTimeout(
            (int) Math.max(1, Duration.ofNanos(until - System.nanoTime()).toMillis() / 40));
        try {
          if (s.getInputStream().read() < 0) {
            closed++;
          }
        } catch (java.net.SocketTimeoutException e) {
          // still held
        } catch (SocketException e) {
          closed++;
        }
      }
      assertThat(closed).as("closed past the budget").isGreaterThanOrEqualTo(40 - 16);
      assertThat(budget.used()).isLessThanOrEqualTo(BUDGET + 2L * InputBudget.GRANTED_BYTES);
      assertThat(call(honest, 100)).isEqualTo(100);
    } finally {
      for (Socket s : attackers) {
        s.close();
      }
    }
    Await.until(
        "every byte of the budget given back", Duration.ofSeconds(10), () -> budget.used() == 0);
  }
}
