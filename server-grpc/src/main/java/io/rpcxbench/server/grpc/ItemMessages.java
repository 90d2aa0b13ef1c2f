package io.rpcxbench.server.grpc;

import io.rpcxbench.api.Item;
import io.rpcxbench.server.grpc.wire.ItemsReply;
import java.util.ArrayList;
import java.util.List;

/** Items to and from gRPC's {@link ItemsReply}. */
final class ItemMessages {
  private ItemMessages() {}

  static ItemsReply toWire(List<Item> items) {
    ItemsReply.Builder reply = ItemsReply.newBuilder();
    for (Item item : items) {
      reply
          .addItemsBuilder()
          .setId(item.id())
          .setName(item.name())
          .setPrice(item.price())
          .setFlag(item.flag())
          .addAllTags(item.tags());
    }
    return reply.build();
  }

  static List<Item> fromWire(ItemsReply reply) {
    List<Item> items = new ArrayList<>(reply.getItemsCount());
    for (io.rpcxbench.server.grpc.wire.Item item : reply.getItemsList()) {
      items.add(
          new Item(
              item.getId(), item.getName(), item.getPrice(), item.getFlag(), item.getTagsList()));
    }
    return items;
  }
}
