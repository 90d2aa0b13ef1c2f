package io.rpcxbench.harness.protocol;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.Item;
import io.rpcxbench.spi.BenchClient;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/** The contract's four calls: what each call sends, and how its reply is checked (every one). */
public enum CallKind {
  /** hello(name) with a name unique per call, so a reply meant for another call is caught. */
  HELLO(0) {
    @Override
    public void invoke(BenchClient client, CallInput input, String prefix, int sequence) {
      String name = prefix + sequence;
      check(name, client.hello(name));
    }

    @Override
    public CompletableFuture<Void> invokeAsync(
        BenchClient client, CallInput input, String prefix, int sequence) {
      String name = prefix + sequence;
      return client.helloAsync(name).thenAccept(reply -> check(name, reply));
    }

    private void check(String name, String reply) {
      String expected = BenchContract.helloReply(name);
      if (!expected.equals(reply)) {
        throw new WrongReplyException("expected '" + expected + "', got '" + reply + "'");
      }
    }
  },
  /** echo(payload): the same bytes must come back. */
  ECHO(64) {
    @Override
    public void invoke(BenchClient client, CallInput input, String prefix, int sequence) {
      check(input, client.echo(input.payload()));
    }

    @Override
    public CompletableFuture<Void> invokeAsync(
        BenchClient client, CallInput input, String prefix, int sequence) {
      return client.echoAsync(input.payload()).thenAccept(reply -> check(input, reply));
    }

    private void check(CallInput input, byte[] reply) {
      if (!Arrays.equals(input.payload(), reply)) {
        throw new WrongReplyException(
            "echo of "
                + input.payload().length
                + " bytes came back "
                + (reply == null ? "null" : "as " + reply.length + " different bytes"));
      }
    }
  },
  /** put(key, value): the Geode put, a 64 B key unique per call and a value of --payload bytes. */
  PUT(BenchContract.DEFAULT_VALUE_BYTES) {
    @Override
    public void invoke(BenchClient client, CallInput input, String prefix, int sequence) {
      String key = BenchContract.putKey(prefix, sequence, BenchContract.DEFAULT_KEY_BYTES);
      check(key, client.put(key, input.payload()));
    }

    @Override
    public CompletableFuture<Void> invokeAsync(
        BenchClient client, CallInput input, String prefix, int sequence) {
      String key = BenchContract.putKey(prefix, sequence, BenchContract.DEFAULT_KEY_BYTES);
      return client.putAsync(key, input.payload()).thenAccept(ok -> check(key, ok));
    }

    private void check(String key, Boolean ok) {
      if (!Boolean.TRUE.equals(ok)) {
        throw new WrongReplyException("put of key '" + key + "' answered " + ok);
      }
    }
  },
  /** items(n): Infobip's list of n records, compared field by field. */
  ITEMS(0) {
    @Override
    public void invoke(BenchClient client, CallInput input, String prefix, int sequence) {
      check(input, client.items(input.items()));
    }

    @Override
    public CompletableFuture<Void> invokeAsync(
        BenchClient client, CallInput input, String prefix, int sequence) {
      return client.itemsAsync(input.items()).thenAccept(reply -> check(input, reply));
    }

    private void check(CallInput input, List<Item> reply) {
      if (!input.expectedItems().equals(reply)) {
        throw new WrongReplyException(
            "items("
                + input.items()
                + ") came back "
                + (reply == null ? "null" : "as " + reply.size() + " different items"));
      }
    }
  },
  /**
   * The user's own message ({@code --message}, {@code --data}): the records in turn, through the
   * protocol's message carrier, each reply checked field by field (docs/messages.md).
   */
  MESSAGE(0) {
    @Override
    public void invoke(BenchClient client, CallInput input, String prefix, int sequence) {
      input.message().call(sequence);
    }

    @Override
    public CompletableFuture<Void> invokeAsync(
        BenchClient client, CallInput input, String prefix, int sequence) {
      return input.message().callAsync(sequence);
    }

    /** Only where the message client has an async call of its own (not the bench client's). */
    @Override
    public boolean asyncWith(BenchClient client, CallInput input) {
      return input.message() != null && input.message().isAsync();
    }
  };

  private final int defaultPayload;

  CallKind(int defaultPayload) {
    this.defaultPayload = defaultPayload;
  }

  /** Makes one call; throws on failure or on a wrong reply. */
  public abstract void invoke(BenchClient client, CallInput input, String prefix, int sequence);

  /**
   * Starts one call with the client's async API; the future fails on failure or on a wrong reply
   * ({@link WrongReplyException}), never throws.
   */
  public abstract CompletableFuture<Void> invokeAsync(
      BenchClient client, CallInput input, String prefix, int sequence);

  /**
   * Whether this call goes through the client's async API ({@link #invokeAsync}); else each call
   * holds a thread. The contract's calls: the bench client's {@link BenchClient#isAsync()}.
   */
  public boolean asyncWith(BenchClient client, CallInput input) {
    return client.isAsync();
  }

  /** Bytes sent when {@code --payload} is not given: echo 64, put 512 (Geode), others none. */
  public int defaultPayload() {
    return defaultPayload;
  }

  /** Whether {@code --payload} means anything to this call. */
  public boolean sendsPayload() {
    return this == ECHO || this == PUT;
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Why {@code --payload} or {@code --items}, given with this call, would be ignored, or null when
   * every option given means something to it: an option a call ignores is refused (the harness,
   * {@code sweep} and {@code choose} share this rule), never silently recorded as measured.
   */
  public String ignoredOption(boolean payloadGiven, boolean itemsGiven) {
    if (payloadGiven && !sendsPayload()) {
      return "--payload is unused by --call "
          + id()
          + (this == HELLO ? " (the default call)" : "")
          + ": give --call echo or --call put with it";
    }
    if (itemsGiven && this != ITEMS) {
      return "--items is unused by --call "
          + id()
          + (this == HELLO ? " (the default call)" : "")
          + ": give --call items with it";
    }
    return null;
  }

  /** The call named {@code id} (hello, echo, put, items; any case), or null. */
  public static CallKind byId(String id) {
    for (CallKind c : values()) {
      if (c.id().equalsIgnoreCase(id.trim())) {
        return c;
      }
    }
    return null;
  }

  /**
   * What every call of a point sends, built once per protocol JVM before any run.
   *
   * @param message the message calls ({@link #MESSAGE}); null for the contract's calls
   */
  public record CallInput(byte[] payload, int items, List<Item> expectedItems, MessageRun message) {
    public CallInput(byte[] payload, int items, List<Item> expectedItems) {
      this(payload, items, expectedItems, null);
    }
  }

  /** A reply that arrived but is not the right answer: counts as an error. */
  public static final class WrongReplyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public WrongReplyException(String message) {
      super("wrong reply: " + message);
    }
  }
}
