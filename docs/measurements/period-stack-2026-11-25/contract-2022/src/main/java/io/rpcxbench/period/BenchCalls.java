package io.rpcxbench.period;

import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What both period servers do for the four calls: bench-api's {@code BenchLogic} and {@code
 * BenchContract} written again in Java 8 (that module targets Java 17), with the same replies, the
 * same limits and the same messages for a refused argument. Thread-safe.
 *
 * <pre>{@code
 * BenchCalls calls = new BenchCalls();
 * calls.hello("world");   // "hello, world"
 * calls.hello(null);      // throws InvalidArgumentException("hello: name is required")
 * }</pre>
 */
public final class BenchCalls {
  /** The largest echo payload or put value (bench-api's {@code MAX_PAYLOAD}). */
  public static final int MAX_PAYLOAD = 1 << 20;

  private static final int MAX_KEY = 1024;
  private static final int MAX_ITEMS = 10_000;
  private static final int PUT_SLOTS = 4096;

  private final AtomicReferenceArray<Map.Entry<String, byte[]>> store =
      new AtomicReferenceArray<>(PUT_SLOTS);

  /** Returns {@code "hello, " + name}. */
  public String hello(String name) {
    return "hello, " + required("hello", "name", name);
  }

  /** Returns the payload unchanged. */
  public byte[] echo(byte[] payload) {
    return bounded("echo", "payload", payload);
  }

  /** The checks {@link #echo} makes, for a server that hands its own immutable bytes back. */
  public static void checkEcho(boolean present, int size) {
    if (!present) {
      required("echo", "payload", null);
    }
    if (size > MAX_PAYLOAD) {
      throw new InvalidArgumentException("echo: payload is larger than " + MAX_PAYLOAD + " bytes");
    }
  }

  /** Stores the value under the key in a bounded table and returns true (the Geode put). */
  public boolean put(String key, byte[] value) {
    required("put", "key", key);
    if (key.length() > MAX_KEY || key.getBytes(StandardCharsets.UTF_8).length > MAX_KEY) {
      throw new InvalidArgumentException("put: key is longer than " + MAX_KEY + " bytes");
    }
    bounded("put", "value", value);
    store.set(key.hashCode() & (PUT_SLOTS - 1), new AbstractMap.SimpleImmutableEntry<>(key, value));
    return true;
  }

  /** Returns items 0..n-1; {@code n} in 0..10,000. */
  public List<Item> items(int n) {
    if (n < 0 || n > MAX_ITEMS) {
      throw new InvalidArgumentException(
          "items: n must be between 0 and " + MAX_ITEMS + ", got " + n);
    }
    List<Item> items = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      items.add(
          new Item(
              i,
              "item-" + i,
              i * 1.25,
              i % 2 == 0,
              Collections.unmodifiableList(Arrays.asList("red-" + i, "green-" + i, "blue-" + i))));
    }
    return Collections.unmodifiableList(items);
  }

  private static <T> T required(String call, String argument, T value) {
    if (value == null) {
      throw new InvalidArgumentException(call + ": " + argument + " is required");
    }
    return value;
  }

  private static byte[] bounded(String call, String argument, byte[] value) {
    required(call, argument, value);
    if (value.length > MAX_PAYLOAD) {
      throw new InvalidArgumentException(
          call + ": " + argument + " is larger than " + MAX_PAYLOAD + " bytes");
    }
    return value;
  }
}
