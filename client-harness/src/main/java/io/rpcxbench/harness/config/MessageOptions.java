package io.rpcxbench.harness.config;

import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.MessageShape;
import io.rpcxbench.message.ShapeException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --message}, {@code --data}, {@code --message-reply}: the options of {@code --call
 * message}.
 */
public final class MessageOptions {
  @Option(
      names = "--message",
      paramLabel = "FILE.proto:Name",
      description =
          "The message of --call message: a type of a .proto file, read at run time"
              + " (docs/messages.md); its server must be started with the same --message.")
  String message;

  @Option(
      names = "--data",
      paramLabel = "FILE.json",
      description =
          "The records --call message sends in turn: a JSON record, an array of them, or"
              + " {\"generate\": {...}}, a seeded generator spec.")
  Path data;

  @Option(
      names = "--message-reply",
      paramLabel = "echo|ack|small",
      defaultValue = "echo",
      description =
          "What the server answers a message with: the message (echo, default), true (ack), or a"
              + " small fixed message (small).")
  String reply;

  /** Whether {@code --message} or {@code --data} was given. */
  public boolean given() {
    return message != null || data != null;
  }

  /**
   * The loaded message for {@code --call message}, else null.
   *
   * @throws IllegalArgumentException with one line: a missing or unusable option or file
   */
  public MessageCall resolve(CallKind call) {
    if (call != CallKind.MESSAGE) {
      if (message != null || data != null) {
        throw new IllegalArgumentException("--message and --data go with --call message");
      }
      return null;
    }
    if (message == null || data == null) {
      throw new IllegalArgumentException(
          "--call message needs --message FILE.proto:Name and --data FILE.json");
    }
    try {
      return new MessageCall(data, MessageReply.of(reply), MessageShape.load(message, data));
    } catch (ShapeException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
