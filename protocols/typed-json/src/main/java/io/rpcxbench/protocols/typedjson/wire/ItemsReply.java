package io.rpcxbench.protocols.typedjson.wire;

import io.rpcxbench.api.Item;
import java.util.List;

/** items' result: each {@link Item} tagged with its type too (see {@link TypedItem}). */
public record ItemsReply(List<Item> items) implements Reply {}
