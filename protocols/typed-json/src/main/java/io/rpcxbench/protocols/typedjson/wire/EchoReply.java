package io.rpcxbench.protocols.typedjson.wire;

/** echo's result: the payload, base64. */
public record EchoReply(byte[] payload) implements Reply {}
