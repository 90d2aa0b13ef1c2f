package io.rpcxbench.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The facts every protocol agrees on: the four calls' names, their limits, the hello reply and the
 * items list. One place, so that every protocol carries the same strings and the harness can check
 * every reply against the same expectation.
 *
 * <pre>{@code
 * String expected = BenchContract.helloReply("world");   // "hello, world"
 * List<Item> tenItems = BenchContract.items(10);           // what items(10) must return
 * }</pre>
 */
public final class BenchContract {
  /** Service name where a protocol names services (RPCX, gRPC package, AMQP queue prefix). */
  public static final String SERVICE = "bench";

  /**
   * Call names; also the HTTP paths {@code /hello}, {@code /echo}, {@code /put}, {@code /items}.
   */
  public static final String HELLO = "hello";

  public static final String ECHO = "echo";
  public static final String PUT = "put";
  public static final String ITEMS = "items";

  /** The largest echo payload or put value a server accepts (gRPC's default limit is 4 MiB). */
  public static final int MAX_PAYLOAD = 1 << 20;

  /** The longest put key a server accepts, in UTF-8 bytes. */
  public static final int MAX_KEY = 1024;

  /** The largest {@code n} of items(n) a server accepts. */
  public static final int MAX_ITEMS = 10_000;

  /** The Geode document's put: a 64 B key and a 512 B value. */
  public static final int DEFAULT_KEY_BYTES = 64;

  public static final int DEFAULT_VALUE_BYTES = 512;

  /** Infobip's list sizes are 0, 10 and 100; 10 is the default. */
  public static final int DEFAULT_ITEMS = 10;

  /** Tags per item. */
  public static final int TAGS = 3;

  private static final String HELLO_PREFIX = "hello, ";

  private BenchContract() {}

  /** The reply every protocol's hello returns. */
  public static String helloReply(String name) {
    return HELLO_PREFIX + name;
  }

  /** The list every protocol's items(n) returns: item i has id i, its name, price, flag, tags. */
  public static List<Item> items(int n) {
    List<Item> items = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      items.add(item(i));
    }
    return List.copyOf(items);
  }

  /** Item {@code i} of every items list. */
  public static Item item(int i) {
    return new Item(
        i, "item-" + i, i * 1.25, i % 2 == 0, List.of("red-" + i, "green-" + i, "blue-" + i));
  }

  /**
   * A put key of exactly {@code bytes} ASCII bytes that is unique for (prefix, sequence): the
   * prefix and the sequence number, padded with {@code '.'}.
   */
  public static String putKey(String prefix, long sequence, int bytes) {
    String key = prefix + sequence;
    if (key.length() >= bytes) {
      return key;
    }
    char[] padded = Arrays.copyOf(key.toCharArray(), bytes);
    Arrays.fill(padded, key.length(), bytes, '.');
    return new String(padded);
  }
}
