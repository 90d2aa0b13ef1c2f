package io.rpcxbench.api;

import java.util.List;

/**
 * One record of items(n): Infobip's list element. Equal by value, so the harness can compare a
 * decoded reply with {@link BenchContract#items(int)}.
 *
 * @param id the item's number
 * @param name {@code "item-" + id}
 * @param price {@code id * 1.25}
 * @param flag {@code id} is even
 * @param tags three short strings
 */
public record Item(long id, String name, double price, boolean flag, List<String> tags) {
  public Item {
    tags = List.copyOf(tags);
  }
}
