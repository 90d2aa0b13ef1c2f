package io.rpcxbench.protocols.thrift;

import io.rpcxbench.api.Item;
import java.util.ArrayList;
import java.util.List;

/** Items to and from the IDL's {@code Item} struct. */
final class ItemStructs {
  private ItemStructs() {}

  static List<io.rpcxbench.protocols.thrift.wire.Item> toWire(List<Item> items) {
    List<io.rpcxbench.protocols.thrift.wire.Item> wire = new ArrayList<>(items.size());
    for (Item item : items) {
      wire.add(
          new io.rpcxbench.protocols.thrift.wire.Item(
              item.id(), item.name(), item.price(), item.flag(), item.tags()));
    }
    return wire;
  }

  static List<Item> fromWire(List<io.rpcxbench.protocols.thrift.wire.Item> wire) {
    List<Item> items = new ArrayList<>(wire.size());
    for (io.rpcxbench.protocols.thrift.wire.Item item : wire) {
      items.add(
          new Item(item.getId(), item.getName(), item.getPrice(), item.isFlag(), item.getTags()));
    }
    return items;
  }
}
