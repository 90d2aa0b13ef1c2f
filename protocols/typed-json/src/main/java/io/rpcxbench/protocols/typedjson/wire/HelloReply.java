package io.rpcxbench.protocols.typedjson.wire;

/** hello's result. */
public record HelloReply(String text) implements Reply {}
