package io.rpcxbench.protocols.typedjson.wire;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * A call: one record per call of the contract, the record's Java type naming the call, as MML's
 * typed JSON tags each object with its Java type. Sealed, so no other request type exists to be
 * named on the wire; {@link MessageTypes} refuses every other name before it is loaded.
 *
 * <pre>{@code
 * {"@class":"io.rpcxbench.protocols.typedjson.wire.HelloRequest","name":"world"}
 * }</pre>
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS, include = JsonTypeInfo.As.PROPERTY, property = "@class")
public sealed interface Request
    permits HelloRequest, EchoRequest, PutRequest, ItemsRequest, RecordRequest {}
