package io.rpcxbench.protocols.resp;

import io.lettuce.core.protocol.ProtocolKeyword;
import java.nio.charset.StandardCharsets;
import redis.clients.jedis.commands.ProtocolCommand;

/**
 * Every command name the clients send, as both libraries take a custom one: a Jedis {@link
 * ProtocolCommand} and a Lettuce {@link ProtocolKeyword}. The {@code BENCH.*} commands are ours (a
 * dotted name, as Redis modules name theirs, so none clashes with a command a stock client sends on
 * connect); the others are Redis's own, for the real redis-server.
 */
enum RespCommand implements ProtocolCommand, ProtocolKeyword {
  BENCH_HELLO("BENCH.HELLO"),
  BENCH_ECHO("BENCH.ECHO"),
  BENCH_PUT("BENCH.PUT"),
  BENCH_ITEMS("BENCH.ITEMS"),
  BENCH_MESSAGE("BENCH.MESSAGE"),
  ECHO("ECHO"),
  SET("SET"),
  EVALSHA("EVALSHA"),
  SCRIPT("SCRIPT"),
  INFO("INFO");

  private final String wireName;
  private final byte[] bytes;

  RespCommand(String wireName) {
    this.wireName = wireName;
    this.bytes = wireName.getBytes(StandardCharsets.US_ASCII);
  }

  /** The name on the wire, e.g. {@code BENCH.HELLO}. */
  String wireName() {
    return wireName;
  }

  @Override
  public byte[] getRaw() {
    return bytes;
  }

  @Override
  public byte[] getBytes() {
    return bytes;
  }

  @Override
  public String toString() {
    return wireName;
  }
}
