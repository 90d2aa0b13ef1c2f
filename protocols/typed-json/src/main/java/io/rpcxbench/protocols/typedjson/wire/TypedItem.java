package io.rpcxbench.protocols.typedjson.wire;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * Jackson mix-in for bench-api's {@code Item}, which this module cannot annotate: each item of an
 * {@link ItemsReply} carries {@code "@class":"io.rpcxbench.api.Item"}, as MML tags every object.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS, include = JsonTypeInfo.As.PROPERTY, property = "@class")
public interface TypedItem {}
