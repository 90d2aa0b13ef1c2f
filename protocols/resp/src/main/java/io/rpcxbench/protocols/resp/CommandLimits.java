package io.rpcxbench.protocols.resp;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.redis.ArrayHeaderRedisMessage;
import io.netty.handler.codec.redis.BulkStringHeaderRedisMessage;
import io.netty.util.ReferenceCountUtil;
import io.rpcxbench.api.BenchContract;

/**
 * Bounds what one command may make the aggregators behind it hold. {@code RedisDecoder} trusts bulk
 * lengths up to 512 MiB and {@code RedisBulkStringAggregator} buffers as much, so this counts the
 * bulk string lengths each command announces and fails the connection (an error reply, then close,
 * as Redis does on "invalid bulk length") once they pass {@link #MAX_COMMAND_BYTES}: the largest
 * legal command (a put of a 1 KiB key and a 1 MiB value) plus slack, so that a payload just over
 * the contract's limit still reaches {@code BenchLogic} and gets its ordinary {@code -ERR}. The
 * array length and nesting are bounded by {@code RedisArrayAggregator}. One per connection.
 */
final class CommandLimits extends ChannelInboundHandlerAdapter {
  /** The bulk bytes one command may announce: 1 MiB + 64 KiB. */
  static final int MAX_COMMAND_BYTES = BenchContract.MAX_PAYLOAD + 64 * 1024;

  /** Arguments of one command, name included (HELLO with AUTH and SETNAME has 7). */
  static final int MAX_ARGUMENTS = 64;

  /** The longest inline command or length line (Redis's own inline limit). */
  static final int MAX_INLINE = 64 * 1024;

  private final int maxCommandBytes;
  private long commandBytes;
  private boolean failed;

  /**
   * @param maxCommandBytes the bulk bytes one command may announce (the server's {@code
   *     --max-frame} when smaller than {@link #MAX_COMMAND_BYTES})
   */
  CommandLimits(int maxCommandBytes) {
    this.maxCommandBytes = maxCommandBytes;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (failed) {
      // the connection is closing; the rest of this read is dropped
      ReferenceCountUtil.release(msg);
      return;
    }
    if (msg instanceof ArrayHeaderRedisMessage) {
      commandBytes = 0;
    } else if (msg instanceof BulkStringHeaderRedisMessage header) {
      commandBytes += header.bulkStringLength();
      if (commandBytes > maxCommandBytes) {
        failed = true;
        ReferenceCountUtil.release(msg);
        throw new TooLongFrameException(
            "command longer than " + maxCommandBytes + " bytes of bulk strings");
      }
    }
    ctx.fireChannelRead(msg);
  }
}
