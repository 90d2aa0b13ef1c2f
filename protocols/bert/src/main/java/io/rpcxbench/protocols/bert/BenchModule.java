package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangLong;
import com.ericsson.otp.erlang.OtpErlangObject;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.api.Item;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The module {@code bench}: its four functions, each a call of {@link BenchService}. Strings are
 * binaries; a missing argument is BERT's {@code {bert, nil}}, and BenchLogic rejects it.
 *
 * <pre>
 * bench:hello(Name)        -> &lt;&lt;"hello, ", Name/binary&gt;&gt;
 * bench:echo(Payload)      -> Payload
 * bench:put(Key, Value)    -> true
 * bench:items(N)           -> [{item, Id, Name, Price, Flag, [Tag, Tag, Tag]}, ...]
 * bench:message(Reply, Record) -> the answer to the record, both as RecordTerms writes them
 * </pre>
 *
 * A wrong argument type or BenchLogic's rejection is a user error whose class is {@code
 * InvalidArgumentException}; a function name or arity the module does not have is the spec's server
 * error 2.
 */
final class BenchModule {
  static final String NAME = BenchContract.SERVICE;

  private final BenchService bench;
  private final BertMessages messages;

  BenchModule(BenchService bench, BertMessages messages) {
    this.bench = bench;
    this.messages = messages;
  }

  /** The reply to {@code bench:function(args...)}. */
  TermFrame call(String function, OtpErlangObject[] args) {
    try {
      switch (function + "/" + args.length) {
        case "hello/1" -> {
          String reply = bench.hello(text(BenchContract.HELLO, "name", args[0]));
          return Replies.reply(reply.length() * 3, f -> f.binary(reply));
        }
        case "echo/1" -> {
          byte[] payload = bench.echo(bytes(BenchContract.ECHO, "payload", args[0]));
          return Replies.reply(payload.length, f -> f.write_binary(payload));
        }
        case "put/2" -> {
          boolean stored =
              bench.put(
                  text(BenchContract.PUT, "key", args[0]),
                  bytes(BenchContract.PUT, "value", args[1]));
          return Replies.reply(8, f -> f.write_boolean(stored));
        }
        case "items/1" -> {
          List<Item> items = bench.items(count(args[0]));
          return Replies.reply(
              items.size() * ItemTerms.BYTES_PER_ITEM, f -> ItemTerms.write(f, items));
        }
        case "message/2" -> {
          OtpErlangObject answer = messages.answer(text("message", "reply", args[0]), args[1]);
          return Replies.reply(1024, f -> f.write_any(answer));
        }
        default -> {
          return Replies.serverError(
              Replies.NO_SUCH_FUNCTION,
              "No such function '" + NAME + ":" + function + "/" + args.length + "'");
        }
      }
    } catch (RuntimeException e) {
      return Replies.userError(e);
    }
  }

  /** A binary as UTF-8 text; {@code {bert, nil}} as null (missing). */
  private static String text(String call, String argument, OtpErlangObject term) {
    byte[] bytes = bytes(call, argument, term);
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }

  /** A binary's bytes; {@code {bert, nil}} as null (missing). */
  private static byte[] bytes(String call, String argument, OtpErlangObject term) {
    if (Terms.isNil(term)) {
      return null;
    }
    byte[] bytes = Terms.bytes(term);
    if (bytes == null) {
      throw new InvalidArgumentException(
          call + ": " + argument + " must be a binary, not a " + Terms.kind(term));
    }
    return bytes;
  }

  /** An integer, clamped to int: anything out of range is out of BenchLogic's range too. */
  private static int count(OtpErlangObject term) {
    if (!(term instanceof OtpErlangLong n)) {
      throw new InvalidArgumentException(
          BenchContract.ITEMS + ": n must be an integer, not a " + Terms.kind(term));
    }
    long value = n.isLong() ? n.longValue() : n.signum() * Long.MAX_VALUE;
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, value));
  }
}
