package io.rpcxbench.protocols.typedjson.wire;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * What the server answers to a {@link Request}: the call's result, or an {@link ErrorReply}. Typed
 * like requests: {@code {"@class":"io.rpcxbench.protocols.typedjson.wire.HelloReply",...}}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS, include = JsonTypeInfo.As.PROPERTY, property = "@class")
public sealed interface Reply
    permits HelloReply, EchoReply, PutReply, ItemsReply, RecordReply, ErrorReply {}
