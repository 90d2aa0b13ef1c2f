package io.rpcxbench.protocols.typedjson.wire;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * message's result: the reply the mode asked for in protobuf's JSON mapping (the message again, a
 * {@code true}, or the small text).
 */
public record RecordReply(JsonNode record) implements Reply {}
