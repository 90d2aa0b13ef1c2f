package io.rpcxbench.protocols.typedjson.wire;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * message(record): a user's own message (docs/messages.md) as its JSON form, protobuf's JSON
 * mapping of the type the server's {@code --message} names, carried as a plain JSON tree: a tree
 * holds no type ids, so nothing in it names a class.
 *
 * @param reply {@code echo}, {@code ack} or {@code small}
 * @param record the message in protobuf's JSON mapping
 */
public record RecordRequest(String reply, JsonNode record) implements Request {}
