package io.rpcxbench.harness;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.Item;
import io.rpcxbench.spi.BenchClient;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The contract's four calls: what each call sends, and how its reply is checked (every one). */
enum CallKind {
  /** hello(name) with a name unique per call, so a reply meant for another call is caught. */
  HELLO(0) {
    @Override
    void invoke(BenchClient client, CallInput input, String prefix, int sequence) {
      String name = prefix + sequence;
      String reply = client.hello(name);
      String expected = BenchContract.helloReply(name);
      if (!expected.equals(reply)) {
        throw new WrongReplyException("expected '" + expected + "', got '" + reply + "'");
      }
    }
  },
  /** echo(payload): the same bytes must come back. */
  ECHO(64) {
    @Override
    void invoke(BenchClient client, CallInput input, String prefix, int sequence) {
      byte[] reply = client.echo(input.payload());
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
    void invoke(BenchClient client, CallInput input, String prefix, int sequence) {
      String key = BenchContract.putKey(prefix, sequence, BenchContract.DEFAULT_KEY_BYTES);
      if (!client.put(key, input.payload())) {
        throw new WrongReplyException("put of key '" + key + "' answered false");
      }
    }
  },
  /** items(n): Infobip's list of n records, compared field by field. */
  ITEMS(0) {
    @Override
    void invoke(BenchClient client, CallInput input, String prefix, int sequence) {
      List<Item> reply = client.items(input.items());
      if (!input.expectedItems().equals(reply)) {
        throw new WrongReplyException(
            "items("
                + input.items()
                + ") came back "
                + (reply == null ? "null" : "as " + reply.size() + " different items"));
      }
    }
  };

  private final int defaultPayload;

  CallKind(int defaultPayload) {
    this.defaultPayload = defaultPayload;
  }

  /** Makes one call; throws on failure or on a wrong reply. */
  abstract void invoke(BenchClient client, CallInput input, String prefix, int sequence);

  /** Bytes sent when {@code --payload} is not given: echo 64, put 512 (Geode), others none. */
  int defaultPayload() {
    return defaultPayload;
  }

  /** Whether {@code --payload} means anything to this call. */
  boolean sendsPayload() {
    return this == ECHO || this == PUT;
  }

  String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** What every call of a point sends, built once per protocol JVM before any run. */
  record CallInput(byte[] payload, int items, List<Item> expectedItems) {}

  /** A reply that arrived but is not the right answer: counts as an error. */
  static final class WrongReplyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WrongReplyException(String message) {
      super("wrong reply: " + message);
    }
  }
}
