package io.rpcxbench.server.rpcx;

import io.rpcxbench.api.Item;
import io.rpcxbench.server.rpcx.wire.ItemList;
import java.util.ArrayList;
import java.util.List;

/** Items to and from RPCX's {@link ItemList} message. */
final class ItemMessages {
  private ItemMessages() {}

  static ItemList toWire(List<Item> items) {
    ItemList.Builder list = ItemList.newBuilder();
    for (Item item : items) {
      list.addItemsBuilder()
          .setId(item.id())
          .setName(item.name())
          .setPrice(item.price())
          .setFlag(item.flag())
          .addAllTags(item.tags());
    }
    return list.build();
  }

  static List<Item> fromWire(ItemList list) {
    List<Item> items = new ArrayList<>(list.getItemsCount());
    for (io.rpcxbench.server.rpcx.wire.Item item : list.getItemsList()) {
      items.add(
          new Item(
              item.getId(), item.getName(), item.getPrice(), item.getFlag(), item.getTagsList()));
    }
    return items;
  }
}
