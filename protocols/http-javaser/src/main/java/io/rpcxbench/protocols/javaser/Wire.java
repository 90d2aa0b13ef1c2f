package io.rpcxbench.protocols.javaser;

import io.rpcxbench.api.Item;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Java-serialized bodies of {@code POST /hello}, {@code /echo}, {@code /put} and {@code
 * /items}: small records, so that deserializing runs their canonical constructors and no {@code
 * readObject} of ours. The server accepts only the requests, the client only the replies ({@link
 * WireFilters}).
 */
public final class Wire {
  /** The path of a user's message: {@code POST /message}. */
  public static final String MESSAGE_PATH = "message";

  private Wire() {}

  /** Body of POST /hello. */
  public record HelloRequest(String name) implements Serializable {}

  /** Reply of POST /hello. */
  public record HelloReply(String message) implements Serializable {}

  /** Body of POST /echo. */
  public record EchoRequest(byte[] payload) implements Serializable {}

  /** Reply of POST /echo. */
  public record EchoReply(byte[] payload) implements Serializable {}

  /** Body of POST /put. */
  public record PutRequest(String key, byte[] value) implements Serializable {}

  /** Reply of POST /put. */
  public record PutReply(boolean ok) implements Serializable {}

  /** Body of POST /items. */
  public record ItemsRequest(int n) implements Serializable {}

  /** Reply of POST /items: an array, not a collection, so no collection class is allowed in. */
  public record ItemsReply(ItemMessage[] items) implements Serializable {
    static ItemsReply of(List<Item> items) {
      return new ItemsReply(items.stream().map(ItemMessage::of).toArray(ItemMessage[]::new));
    }

    List<Item> toItems() {
      List<Item> list = new ArrayList<>(items.length);
      for (ItemMessage m : items) {
        list.add(new Item(m.id(), m.name(), m.price(), m.flag(), Arrays.asList(m.tags())));
      }
      return list;
    }
  }

  /**
   * Body of POST /message: a user's message (docs/messages.md). Java serialization knows no schema
   * read at run time, and a protobuf class on the allow-list would admit a name to load, so the
   * record travels as its protobuf bytes in this allow-listed container, stated as such.
   */
  public record MessageRequest(String reply, byte[] body) implements Serializable {}

  /** Reply of POST /message: the answer's protobuf bytes. */
  public record MessageAnswer(byte[] body) implements Serializable {}

  /** One {@link Item} on the wire. */
  public record ItemMessage(long id, String name, double price, boolean flag, String[] tags)
      implements Serializable {
    static ItemMessage of(Item item) {
      return new ItemMessage(
          item.id(), item.name(), item.price(), item.flag(), item.tags().toArray(String[]::new));
    }
  }
}
