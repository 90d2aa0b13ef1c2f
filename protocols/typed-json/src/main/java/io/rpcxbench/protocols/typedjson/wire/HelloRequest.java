package io.rpcxbench.protocols.typedjson.wire;

/** hello(name). */
public record HelloRequest(String name) implements Request {}
