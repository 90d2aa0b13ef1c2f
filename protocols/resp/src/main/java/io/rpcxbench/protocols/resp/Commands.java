package io.rpcxbench.protocols.resp;

import static io.rpcxbench.protocols.resp.ServerReplies.OK;
import static io.rpcxbench.protocols.resp.ServerReplies.bulk;
import static io.rpcxbench.protocols.resp.ServerReplies.error;
import static io.rpcxbench.protocols.resp.ServerReplies.wrongArity;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.redis.ArrayRedisMessage;
import io.netty.handler.codec.redis.FullBulkStringRedisMessage;
import io.netty.handler.codec.redis.IntegerRedisMessage;
import io.netty.handler.codec.redis.RedisMessage;
import io.netty.handler.codec.redis.SimpleStringRedisMessage;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.api.UnavailableException;
import java.util.List;
import java.util.Locale;

/**
 * The server's command table: the four {@code BENCH.*} calls, and the few commands stock clients
 * send on connect or that a person types into redis-cli, answered as Redis answers them: {@code
 * PING}, {@code ECHO}, {@code HELLO} (protocol 2 only: {@code HELLO 3} gets Redis's {@code
 * NOPROTO}, on which clients fall back to RESP2), {@code CLIENT SETNAME|SETINFO|ID|GETNAME}, {@code
 * SELECT 0}, {@code INFO}. Anything else is {@code -ERR unknown command}; no command closes the
 * connection ({@code QUIT} is the connection handler's). Thread-safe.
 */
final class Commands {
  private static final SimpleStringRedisMessage PONG = new SimpleStringRedisMessage("PONG");

  private final BenchCommands bench;
  private final String serverName;

  Commands(String serverName) {
    this(serverName, new BenchLogic());
  }

  /** Serving the server kit's service. */
  Commands(String serverName, BenchService service) {
    this.bench = new BenchCommands(service);
    this.serverName = serverName;
  }

  /** Runs one command, {@code args.get(0)} its name; never throws for what a client sent. */
  RedisMessage execute(List<ByteBuf> args, long connectionId) {
    String name = ServerReplies.name(args);
    try {
      return switch (name) {
        case "BENCH.HELLO" -> args.size() <= 2 ? bench.hello(args) : wrongArity(args);
        case "BENCH.ECHO" -> args.size() <= 2 ? bench.echo(args) : wrongArity(args);
        case "BENCH.PUT" -> args.size() <= 3 ? bench.put(args) : wrongArity(args);
        case "BENCH.ITEMS" -> args.size() <= 2 ? bench.items(args) : wrongArity(args);
        case "BENCH.MESSAGE" -> args.size() <= 3 ? bench.message(args) : wrongArity(args);
        case "PING" -> ping(args);
        case "ECHO" -> args.size() == 2 ? retainedBulk(args.get(1)) : wrongArity(args);
        case "HELLO" -> hello(args, connectionId);
        case "CLIENT" -> client(args, connectionId);
        case "SELECT" -> select(args);
        case "INFO" -> bulk(info());
        default ->
            error(
                "ERR unknown command '"
                    + ServerReplies.quoted(args.get(0))
                    + "', with "
                    + (args.size() - 1)
                    + " argument(s)");
      };
    } catch (InvalidArgumentException e) {
      return error("ERR " + e.getMessage());
    } catch (UnavailableException e) {
      return error("UNAVAILABLE " + e.getMessage());
    }
  }

  /** {@code INFO}'s reply: our server's line where Redis has {@code redis_version}. */
  String info() {
    return "# Server\r\n"
        + RespServer.INFO_FIELD
        + ":"
        + serverName
        + "\r\nredis_mode:standalone\r\n";
  }

  private static RedisMessage ping(List<ByteBuf> args) {
    return switch (args.size()) {
      case 1 -> PONG;
      case 2 -> retainedBulk(args.get(1));
      default -> wrongArity(args);
    };
  }

  /**
   * {@code HELLO [protover [AUTH user pass] [SETNAME name]]}: protocol 2 (or none) gets Redis's
   * RESP2 answer, a flat array of field names and values; any other version {@code NOPROTO}.
   */
  private RedisMessage hello(List<ByteBuf> args, long connectionId) {
    if (args.size() > 1) {
      Integer version = ServerReplies.integer(args.get(1));
      if (version == null) {
        return error("ERR Protocol version is not an integer or out of range");
      }
      if (version != 2) {
        return error("NOPROTO sorry, this protocol version is not supported");
      }
    }
    return new ArrayRedisMessage(
        List.of(
            bulk("server"),
            bulk("rpcx-bench-resp"),
            bulk("version"),
            bulk(serverName),
            bulk("proto"),
            new IntegerRedisMessage(2),
            bulk("id"),
            new IntegerRedisMessage(connectionId),
            bulk("mode"),
            bulk("standalone"),
            bulk("role"),
            bulk("master"),
            bulk("modules"),
            ArrayRedisMessage.EMPTY_INSTANCE));
  }

  private static RedisMessage client(List<ByteBuf> args, long connectionId) {
    if (args.size() < 2) {
      return wrongArity(args);
    }
    String sub = ServerReplies.quoted(args.get(1)).toUpperCase(Locale.ROOT);
    return switch (sub) {
      case "SETNAME" -> args.size() == 3 ? OK : wrongArity(args);
      case "SETINFO" -> args.size() == 4 ? OK : wrongArity(args);
      case "ID" -> new IntegerRedisMessage(connectionId);
      case "GETNAME" -> FullBulkStringRedisMessage.NULL_INSTANCE;
      default -> error("ERR unknown subcommand '" + sub + "'. Try CLIENT HELP.");
    };
  }

  private static RedisMessage select(List<ByteBuf> args) {
    if (args.size() != 2) {
      return wrongArity(args);
    }
    Integer db = ServerReplies.integer(args.get(1));
    if (db == null) {
      return error("ERR value is not an integer or out of range");
    }
    return db == 0 ? OK : error("ERR DB index is out of range");
  }

  private static RedisMessage retainedBulk(ByteBuf arg) {
    return new FullBulkStringRedisMessage(arg.retainedDuplicate());
  }
}
