package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.Item;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** Items to and from the generated {@code Item} record; bytes out of a {@link ByteBuffer}. */
final class ItemRecords {
  private ItemRecords() {}

  static List<io.rpcxbench.protocols.avro.wire.Item> toWire(List<Item> items) {
    List<io.rpcxbench.protocols.avro.wire.Item> records = new ArrayList<>(items.size());
    for (Item item : items) {
      records.add(
          new io.rpcxbench.protocols.avro.wire.Item(
              item.id(), item.name(), item.price(), item.flag(), item.tags()));
    }
    return records;
  }

  static List<Item> fromWire(List<io.rpcxbench.protocols.avro.wire.Item> records) {
    List<Item> items = new ArrayList<>(records.size());
    for (io.rpcxbench.protocols.avro.wire.Item r : records) {
      items.add(new Item(r.getId(), r.getName(), r.getPrice(), r.getFlag(), r.getTags()));
    }
    return items;
  }

  /** The buffer's remaining bytes as an array (null stays null), without moving its position. */
  static byte[] bytes(ByteBuffer buffer) {
    if (buffer == null) {
      return null;
    }
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }

  static ByteBuffer wrap(byte[] bytes) {
    return bytes == null ? null : ByteBuffer.wrap(bytes);
  }
}
