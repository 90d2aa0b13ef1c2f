package io.rpcxbench.protocols.typedjson.wire;

/** put(key, value): the value travels as base64. */
public record PutRequest(String key, byte[] value) implements Request {}
