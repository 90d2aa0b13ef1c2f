package io.rpcxbench.api;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What every server does for the four calls, and how it rejects a missing or oversized argument:
 * each server decodes its own wire format, then calls this, so that the work behind a call and the
 * errors are the same for every protocol. Thread-safe. Servers get it as the {@link BenchService}
 * the server kit hands them (this, or a service with work, or a chain gateway around clients).
 *
 * <pre>{@code
 * BenchService bench = new BenchLogic();
 * bench.hello("world");            // "hello, world"
 * bench.hello(null);               // throws InvalidArgumentException("hello: name is required")
 * }</pre>
 */
public final class BenchLogic implements BenchService {
  /** Slots of the put store: puts overwrite a bounded table, so memory stays bounded. */
  private static final int PUT_SLOTS = 4096;

  private final AtomicReferenceArray<Map.Entry<String, byte[]>> store =
      new AtomicReferenceArray<>(PUT_SLOTS);

  /** Returns {@code "hello, " + name}. */
  @Override
  public String hello(String name) {
    return BenchContract.helloReply(required(BenchContract.HELLO, "name", name));
  }

  /** Returns the payload unchanged; at most {@link BenchContract#MAX_PAYLOAD} bytes. */
  @Override
  public byte[] echo(byte[] payload) {
    return bounded(BenchContract.ECHO, "payload", payload);
  }

  /**
   * Stores the value under the key in a bounded table and returns true (the Geode put). Key at most
   * {@link BenchContract#MAX_KEY} UTF-8 bytes, value at most {@link BenchContract#MAX_PAYLOAD}.
   */
  @Override
  public boolean put(String key, byte[] value) {
    required(BenchContract.PUT, "key", key);
    if (key.length() > BenchContract.MAX_KEY
        || key.getBytes(StandardCharsets.UTF_8).length > BenchContract.MAX_KEY) {
      throw new InvalidArgumentException(
          "put: key is longer than " + BenchContract.MAX_KEY + " bytes");
    }
    bounded(BenchContract.PUT, "value", value);
    store.set(key.hashCode() & (PUT_SLOTS - 1), Map.entry(key, value));
    return true;
  }

  /** Returns {@link BenchContract#items(int)}; {@code n} in 0..{@link BenchContract#MAX_ITEMS}. */
  @Override
  public List<Item> items(int n) {
    checkItemCount(n);
    return BenchContract.items(n);
  }

  /**
   * The checks {@link #echo} makes, for servers that hand their own immutable payload back without
   * copying it into an array (gRPC's {@code ByteString}).
   */
  public static void checkEchoPayload(boolean present, int size) {
    if (!present) {
      required(BenchContract.ECHO, "payload", null);
    }
    if (size > BenchContract.MAX_PAYLOAD) {
      throw new InvalidArgumentException(
          "echo: payload is larger than " + BenchContract.MAX_PAYLOAD + " bytes");
    }
  }

  /** Rejects an items count a server must not build. */
  public static void checkItemCount(int n) {
    if (n < 0 || n > BenchContract.MAX_ITEMS) {
      throw new InvalidArgumentException(
          "items: n must be between 0 and " + BenchContract.MAX_ITEMS + ", got " + n);
    }
  }

  private static <T> T required(String call, String argument, T value) {
    if (value == null) {
      throw new InvalidArgumentException(call + ": " + argument + " is required");
    }
    return value;
  }

  private static byte[] bounded(String call, String argument, byte[] value) {
    required(call, argument, value);
    if (value.length > BenchContract.MAX_PAYLOAD) {
      throw new InvalidArgumentException(
          call + ": " + argument + " is larger than " + BenchContract.MAX_PAYLOAD + " bytes");
    }
    return value;
  }
}
