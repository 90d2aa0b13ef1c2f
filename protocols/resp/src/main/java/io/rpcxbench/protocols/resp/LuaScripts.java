package io.rpcxbench.protocols.resp;

import io.rpcxbench.api.BenchContract;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The real redis-server's hello and items: Lua scripts that a client loads once ({@code SCRIPT
 * LOAD}, again after a {@code NOSCRIPT} reply, e.g. when the server restarted) and runs with {@code
 * EVALSHA sha 0 arg}. They build the same replies as our server's {@code BENCH.HELLO} and {@code
 * BENCH.ITEMS}, with the same checks: Redis has no such commands, and a script is how its users add
 * one without a module.
 */
enum LuaScripts {
  HELLO(
      """
      if ARGV[1] == nil then return redis.error_reply('ERR hello: name is required') end
      return 'hello, ' .. ARGV[1]
      """),

  /**
   * Item i is (i, "item-i", i * 1.25 as a string, i even as 1/0, three tags), as {@code
   * BenchContract.item(i)}; Lua's {@code tostring} of a multiple of 1.25 parses back exactly.
   */
  ITEMS(
      """
      if ARGV[1] == nil then return redis.error_reply('ERR items: n is required') end
      local n = tonumber(ARGV[1])
      if n == nil or n ~= math.floor(n) or n < 0 or n > %d then
        return redis.error_reply('ERR items: n must be between 0 and %d, got ' .. ARGV[1])
      end
      local items = {}
      for i = 0, n - 1 do
        local flag = 0
        if i %% 2 == 0 then flag = 1 end
        items[i + 1] = {i, 'item-' .. i, tostring(i * 1.25), flag,
                        {'red-' .. i, 'green-' .. i, 'blue-' .. i}}
      end
      return items
      """
          .formatted(BenchContract.MAX_ITEMS, BenchContract.MAX_ITEMS));

  private final byte[] source;
  private final byte[] sha;

  LuaScripts(String source) {
    this.source = source.getBytes(StandardCharsets.UTF_8);
    this.sha = sha1Hex(this.source);
  }

  /** The script, for {@code SCRIPT LOAD}. */
  byte[] source() {
    return source.clone();
  }

  /** Its SHA-1 in lower-case hex, as Redis names a loaded script. */
  byte[] sha() {
    return sha.clone();
  }

  private static byte[] sha1Hex(byte[] bytes) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-1").digest(bytes);
      return HexFormat.of().formatHex(digest).getBytes(StandardCharsets.US_ASCII);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-1", e);
    }
  }
}
