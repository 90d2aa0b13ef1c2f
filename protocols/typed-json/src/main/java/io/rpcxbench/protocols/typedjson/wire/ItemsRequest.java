package io.rpcxbench.protocols.typedjson.wire;

/** items(n). */
public record ItemsRequest(int n) implements Request {}
