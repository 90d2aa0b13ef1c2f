package io.rpcxbench.server.openfeign.json;

import io.rpcxbench.api.Item;
import java.util.List;

/**
 * JSON bodies of {@code POST /items}: request {@code {"n":10}}, reply {@code
 * {"items":[{"id":0,"name":"item-0","price":0.0,"flag":true,"tags":["red-0",...]},...]}}.
 */
public final class ItemsBody {
  private ItemsBody() {}

  /** Request body of POST /items; {@code n} is boxed so that an absent n is a 400, not 0. */
  public record Request(Integer n) {}

  /** Reply body of POST /items. */
  public record Reply(List<Item> items) {}
}
