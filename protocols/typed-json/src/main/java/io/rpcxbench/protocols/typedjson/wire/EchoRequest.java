package io.rpcxbench.protocols.typedjson.wire;

/** echo(payload): the payload travels as base64. */
public record EchoRequest(byte[] payload) implements Request {}
