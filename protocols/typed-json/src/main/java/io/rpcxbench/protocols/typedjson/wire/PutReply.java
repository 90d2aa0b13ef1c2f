package io.rpcxbench.protocols.typedjson.wire;

/** put's result. */
public record PutReply(boolean stored) implements Reply {}
