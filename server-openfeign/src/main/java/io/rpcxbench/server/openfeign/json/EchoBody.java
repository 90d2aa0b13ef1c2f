package io.rpcxbench.server.openfeign.json;

/**
 * JSON body of {@code POST /echo}, both ways: {@code {"payload":"<base64>"}} (Jackson's default
 * mapping of {@code byte[]}).
 */
public record EchoBody(byte[] payload) {}
