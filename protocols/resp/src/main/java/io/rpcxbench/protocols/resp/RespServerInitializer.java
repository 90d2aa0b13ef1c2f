package io.rpcxbench.protocols.resp;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import io.netty.handler.codec.redis.FixedRedisMessagePool;
import io.netty.handler.codec.redis.RedisArrayAggregator;
import io.netty.handler.codec.redis.RedisBulkStringAggregator;
import io.netty.handler.codec.redis.RedisDecoder;
import io.netty.handler.codec.redis.RedisEncoder;
import io.netty.handler.ssl.SslContext;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.netty.NettyLimits;
import io.rpcxbench.serverkit.netty.NettyTls;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The pipeline: TLS when asked (Netty's SslHandler first), the server kit's limits, RESP in
 * (bounded: inline lines, bulk bytes per command, arguments per command, no nesting), commands,
 * RESP out. Any channel type, so that tests can run it in an {@code EmbeddedChannel}.
 */
final class RespServerInitializer extends ChannelInitializer<Channel> {
  private final Commands commands;
  private final ChannelGroup connections;
  private final NettyLimits limits;
  private final AtomicLong connectionIds = new AtomicLong();
  private final SslContext tls;

  /** With no limit but the kit's default frame size (tests' {@code EmbeddedChannel}). */
  RespServerInitializer(Commands commands, ChannelGroup connections) {
    this(commands, connections, new NettyLimits("resp", ServerLimits.none()));
  }

  /**
   * @param limits the server kit's limits, shared by all connections
   */
  RespServerInitializer(Commands commands, ChannelGroup connections, NettyLimits limits) {
    this(commands, connections, limits, null);
  }

  /**
   * @param tls Netty's server TLS context; null: plaintext
   */
  RespServerInitializer(
      Commands commands, ChannelGroup connections, NettyLimits limits, SslContext tls) {
    this.tls = tls;
    this.commands = commands;
    this.connections = connections;
    this.limits = limits;
  }

  @Override
  protected void initChannel(Channel channel) {
    connections.add(channel);
    channel
        .pipeline()
        .addLast("encoder", new RedisEncoder())
        .addLast(
            "decoder",
            new RedisDecoder(CommandLimits.MAX_INLINE, FixedRedisMessagePool.INSTANCE, true))
        .addLast(
            "command-limits",
            new CommandLimits(limits.limits().maxFrameBytes(CommandLimits.MAX_COMMAND_BYTES)))
        .addLast("bulk-strings", new RedisBulkStringAggregator())
        .addLast("arrays", new RedisArrayAggregator(CommandLimits.MAX_ARGUMENTS, 1))
        .addLast("limits-decoded", limits.requestDecoded())
        .addLast("commands", new CommandHandler(commands, connectionIds.incrementAndGet()));
    limits.addFirst(channel.pipeline());
    NettyTls.addFirst(tls, channel);
  }
}
