package io.rpcxbench.rpcx;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.rpcxbench.rpcx.wire.RpcxReply;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import io.rpcxbench.rpcx.wire.StatusCode;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Everything one proxied method needs per call, prepared once at start-up: the published names
 * (pre-encoded as UTF-8), the argument and result mappings, and whether the call is async.
 */
final class ClientMethod {
  private static final int PARAMETER_TAG_SIZE =
      CodedOutputStream.computeTagSize(RpcxRequest.PARAMETERS_FIELD_NUMBER);

  private final String fullName;
  private final ByteString service;
  private final ByteString method;

  /** Fields 2 and 3 of every request (service, method), encoded once. */
  private final byte[] namesField;

  private final ValueMapping[] parameters;
  private final ValueMapping result;
  private final boolean async;

  ClientMethod(
      String service,
      String method,
      ValueMapping[] parameters,
      ValueMapping result,
      boolean async) {
    this.fullName = service + "." + method;
    this.service = ByteString.copyFromUtf8(service);
    this.method = ByteString.copyFromUtf8(method);
    this.namesField =
        RpcxRequest.newBuilder().setService(service).setMethod(method).build().toByteArray();
    this.parameters = parameters.clone();
    this.result = result;
    this.async = async;
  }

  /** {@code service.method} as published, for messages. */
  String fullName() {
    return fullName;
  }

  boolean async() {
    return async;
  }

  RpcxRequest request(long id, Object[] args) {
    RpcxRequest.Builder request =
        RpcxRequest.newBuilder().setId(id).setServiceBytes(service).setMethodBytes(method);
    for (int i = 0; i < parameters.length; i++) {
      request.addParameters(parameters[i].toWire(args[i]));
    }
    return request.build();
  }

  /**
   * The request frame (varint32 length + {@code RpcxRequest}), written straight into an array of
   * its exact size with no intermediate message objects; byte for byte what {@link #request}
   * encodes. The calling thread encodes; the event loop copies whole batches of frames into one
   * pooled buffer ({@link WriteQueue}), so no pooled buffer changes threads.
   *
   * @throws RpcxException RESOURCE_EXHAUSTED when the request exceeds the maximum frame length
   */
  byte[] encode(long id, Object[] args, int maxFrameLength) {
    int[] sizes = new int[parameters.length];
    // proto3 leaves a zero id out, as the generated code does.
    int body =
        (id == 0 ? 0 : CodedOutputStream.computeUInt64Size(RpcxRequest.ID_FIELD_NUMBER, id))
            + namesField.length;
    for (int i = 0; i < parameters.length; i++) {
      sizes[i] = parameters[i].wireSize(args[i]);
      body += PARAMETER_TAG_SIZE + CodedOutputStream.computeUInt32SizeNoTag(sizes[i]) + sizes[i];
    }
    if (body > maxFrameLength) {
      throw new RpcxException(
          RpcxException.Code.RESOURCE_EXHAUSTED,
          fullName
              + ": request of "
              + body
              + " bytes exceeds the maximum frame length "
              + maxFrameLength);
    }
    byte[] frame = new byte[CodedOutputStream.computeUInt32SizeNoTag(body) + body];
    CodedOutputStream out = CodedOutputStream.newInstance(frame);
    try {
      out.writeUInt32NoTag(body);
      if (id != 0) {
        out.writeUInt64(RpcxRequest.ID_FIELD_NUMBER, id);
      }
      out.writeRawBytes(namesField);
      for (int i = 0; i < parameters.length; i++) {
        out.writeTag(RpcxRequest.PARAMETERS_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
        out.writeUInt32NoTag(sizes[i]);
        parameters[i].writeTo(out, args[i]);
      }
      out.checkNoSpaceLeft();
      return frame;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The call's result, or the reply's error as an {@link RpcxException}. */
  Object result(RpcxReply reply) {
    if (reply.getStatus() != StatusCode.OK) {
      throw new RpcxException(StatusCodes.toCode(reply.getStatus()), reply.getMessage());
    }
    if (result == null) {
      return null;
    }
    try {
      return result.fromWire(reply.getResult());
    } catch (IllegalArgumentException e) {
      throw new RpcxException(RpcxException.Code.INTERNAL, fullName + ": result " + e.getMessage());
    }
  }
}
