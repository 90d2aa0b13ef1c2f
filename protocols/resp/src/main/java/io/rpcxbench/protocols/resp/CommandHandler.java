package io.rpcxbench.protocols.resp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.CodecException;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.redis.ArrayRedisMessage;
import io.netty.handler.codec.redis.FullBulkStringRedisMessage;
import io.netty.handler.codec.redis.InlineCommandRedisMessage;
import io.netty.handler.codec.redis.RedisMessage;
import io.rpcxbench.serverkit.RateLimitedLog;
import io.rpcxbench.serverkit.netty.LingeringClose;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection's commands: each decoded command runs on the event loop (as a redcon handler runs
 * on its connection's goroutine) and its reply is written; the replies of everything one read
 * brought (a pipeline) go out in one flush. Bad framing (garbage, an oversize length, a nested
 * array) gets {@code -ERR Protocol error: ...} and the connection is closed, as Redis does (a
 * lingering close: the client reads the error even while it is still sending).
 */
final class CommandHandler extends SimpleChannelInboundHandler<RedisMessage> {
  private static final Logger log = LoggerFactory.getLogger(CommandHandler.class);
  private static final RateLimitedLog warnings = new RateLimitedLog(log);

  private final Commands commands;
  private final long connectionId;
  private boolean closing;

  CommandHandler(Commands commands, long connectionId) {
    this.commands = commands;
    this.connectionId = connectionId;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, RedisMessage msg) {
    if (closing) {
      return;
    }
    List<ByteBuf> args;
    if (msg instanceof ArrayRedisMessage array) {
      args = arguments(array);
      if (args == null) {
        protocolError(ctx, "expected an array of bulk strings");
        return;
      }
    } else if (msg instanceof InlineCommandRedisMessage inline) {
      args = inlineArguments(inline.content());
    } else {
      protocolError(ctx, "expected '*', got " + msg.getClass().getSimpleName());
      return;
    }
    if (args.isEmpty()) {
      return; // "*0", "*-1" and blank lines: Redis ignores them too
    }
    if (ServerReplies.name(args).equals("QUIT")) {
      closing = true;
      ctx.writeAndFlush(ServerReplies.OK).addListener(ChannelFutureListener.CLOSE);
      return;
    }
    ctx.write(commands.execute(args, connectionId));
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof PrematureChannelClosureException || cause instanceof IOException) {
      ctx.close(); // the peer went away, maybe mid-command: nothing to answer
    } else if (cause instanceof CodecException) {
      protocolError(ctx, rootMessage(cause));
    } else {
      warnings.warn(
          "error",
          "connection {}: closing after an unexpected error: {}",
          connectionId,
          cause.toString());
      protocolError(ctx, "internal error");
    }
  }

  /** The innermost reason: aggregators' exceptions arrive wrapped in a DecoderException. */
  private static String rootMessage(Throwable cause) {
    Throwable root = cause;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return String.valueOf(root.getMessage());
  }

  /** The command's arguments, or null when an element is not a (non-null) bulk string. */
  private static List<ByteBuf> arguments(ArrayRedisMessage array) {
    if (array.isNull()) {
      return List.of();
    }
    List<ByteBuf> args = new ArrayList<>(array.children().size());
    for (RedisMessage child : array.children()) {
      if (!(child instanceof FullBulkStringRedisMessage bulk) || bulk.isNull()) {
        return null;
      }
      args.add(bulk.content());
    }
    return args;
  }

  /** {@code PING} or {@code BENCH.HELLO world} typed into a raw connection. */
  private static List<ByteBuf> inlineArguments(String line) {
    List<ByteBuf> args = new ArrayList<>();
    for (String word : line.trim().split("\\s+")) {
      if (!word.isEmpty()) {
        args.add(Unpooled.wrappedBuffer(word.getBytes(StandardCharsets.UTF_8)));
      }
    }
    return args;
  }

  private void protocolError(ChannelHandlerContext ctx, String reason) {
    if (closing) {
      return;
    }
    closing = true;
    // what still arrives is dropped (CommandLimits, closing) while the client reads the error
    LingeringClose.after(
        ctx, ctx.writeAndFlush(ServerReplies.error("ERR Protocol error: " + reason)));
  }
}
