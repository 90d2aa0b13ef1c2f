package io.rpcxbench.protocols.resp;

import java.nio.charset.StandardCharsets;

/**
 * The server a client talks to, and so how the four contract calls travel as Redis commands.
 *
 * <ul>
 *   <li>{@link #NETTY}: our server ({@link RespServer}), custom commands {@code BENCH.HELLO name},
 *       {@code BENCH.ECHO payload}, {@code BENCH.PUT key value}, {@code BENCH.ITEMS n};
 *   <li>{@link #REDIS_SERVER}: a real redis-server as the reference point: echo is {@code ECHO},
 *       put is {@code SET}, hello and items are Lua scripts run with {@code EVALSHA} ({@link
 *       LuaScripts}).
 * </ul>
 */
enum Backend {
  NETTY("netty") {
    @Override
    Request hello(String name) {
      return Request.of(RespCommand.BENCH_HELLO, utf8(name));
    }

    @Override
    Request echo(byte[] payload) {
      return Request.of(RespCommand.BENCH_ECHO, payload);
    }

    @Override
    Request put(String key, byte[] value) {
      return Request.of(RespCommand.BENCH_PUT, utf8(key), value);
    }

    @Override
    Request items(int n) {
      return Request.of(RespCommand.BENCH_ITEMS, ascii(n));
    }

    @Override
    String wireSummary() {
      return "BENCH.HELLO/BENCH.ECHO/BENCH.PUT/BENCH.ITEMS";
    }
  },

  REDIS_SERVER("redis-server") {
    @Override
    Request hello(String name) {
      return Request.of(RespCommand.EVALSHA, LuaScripts.HELLO.sha(), NO_KEYS, utf8(name));
    }

    @Override
    Request echo(byte[] payload) {
      return Request.of(RespCommand.ECHO, payload);
    }

    @Override
    Request put(String key, byte[] value) {
      return Request.of(RespCommand.SET, utf8(key), value);
    }

    @Override
    Request items(int n) {
      return Request.of(RespCommand.EVALSHA, LuaScripts.ITEMS.sha(), NO_KEYS, ascii(n));
    }

    @Override
    String wireSummary() {
      return "hello/items: EVALSHA of Lua scripts (SCRIPT LOAD once), echo: ECHO, put: SET";
    }
  };

  private static final byte[] NO_KEYS = {'0'};

  private final String optionValue;

  Backend(String optionValue) {
    this.optionValue = optionValue;
  }

  /** The server's {@code --backend} value. */
  String optionValue() {
    return optionValue;
  }

  /** The backend named by {@code --backend VALUE}. */
  static Backend fromOption(String value) {
    for (Backend backend : values()) {
      if (backend.optionValue.equals(value)) {
        return backend;
      }
    }
    throw new IllegalArgumentException(
        "--backend must be netty or redis-server, got '" + value + "'");
  }

  abstract Request hello(String name);

  abstract Request echo(byte[] payload);

  abstract Request put(String key, byte[] value);

  abstract Request items(int n);

  /** One phrase for the clients' provenance line. */
  abstract String wireSummary();

  private static byte[] utf8(String text) {
    return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] ascii(int n) {
    return Integer.toString(n).getBytes(StandardCharsets.US_ASCII);
  }
}
