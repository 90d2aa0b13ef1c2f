package io.rpcxbench.protocols.resp;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import io.netty.handler.codec.redis.FixedRedisMessagePool;
import io.netty.handler.codec.redis.RedisArrayAggregator;
import io.netty.handler.codec.redis.RedisBulkStringAggregator;
import io.netty.handler.codec.redis.RedisDecoder;
import io.netty.handler.codec.redis.RedisEncoder;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The pipeline: RESP in (bounded: inline lines, bulk bytes per command, arguments per command, no
 * nesting), commands, RESP out. Any channel type, so that tests can run it in an {@code
 * EmbeddedChannel}.
 */
final class RespServerInitializer extends ChannelInitializer<Channel> {
  private final Commands commands;
  private final ChannelGroup connections;
  private final AtomicLong connectionIds = new AtomicLong();

  RespServerInitializer(Commands commands, ChannelGroup connections) {
    this.commands = commands;
    this.connections = connections;
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
        .addLast("limits", new CommandLimits())
        .addLast("bulk-strings", new RedisBulkStringAggregator())
        .addLast("arrays", new RedisArrayAggregator(CommandLimits.MAX_ARGUMENTS, 1))
        .addLast("commands", new CommandHandler(commands, connectionIds.incrementAndGet()));
  }
}
