package io.rpcxbench.rpcx;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.rpcxbench.rpcx.wire.Parameter;
import io.rpcxbench.rpcx.wire.RpcxReply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;

/**
 * One published method, prepared at start-up: its argument mappings and a MethodHandle bound to the
 * service object, so a call needs no reflection.
 */
final class ServerMethod {
  private static final int RESULT_TAG_SIZE =
      CodedOutputStream.computeTagSize(RpcxReply.RESULT_FIELD_NUMBER);

  private final String fullName;
  private final ValueMapping[] parameters;
  private final boolean[] primitive;
  private final ValueMapping result;
  private final MethodHandle invoker;
  private final boolean nonBlocking;

  ServerMethod(
      String fullName,
      ValueMapping[] parameters,
      boolean[] primitive,
      ValueMapping result,
      MethodHandle invoker,
      boolean nonBlocking) {
    this.fullName = fullName;
    this.parameters = parameters.clone();
    this.primitive = primitive.clone();
    this.result = result;
    this.invoker = invoker;
    this.nonBlocking = nonBlocking;
  }

  String fullName() {
    return fullName;
  }

  /** How many arguments the method takes. */
  int parameterCount() {
    return parameters.length;
  }

  /** Whether the method may run on the I/O event loop ({@link NonBlocking}). */
  boolean nonBlocking() {
    return nonBlocking;
  }

  /**
   * The Java arguments of a request's parameters.
   *
   * @throws IllegalArgumentException when the count or a type does not match
   */
  Object[] arguments(Parameter[] request) {
    if (request.length != parameters.length) {
      throw new IllegalArgumentException(
          fullName + " takes " + parameters.length + " argument(s), got " + request.length);
    }
    Object[] args = new Object[parameters.length];
    for (int i = 0; i < args.length; i++) {
      try {
        args[i] = parameters[i].fromWire(request[i]);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            fullName + ": argument " + (i + 1) + " " + e.getMessage());
      }
      if (args[i] == null && primitive[i]) {
        throw new IllegalArgumentException(
            fullName + ": argument " + (i + 1) + " is null but the parameter is primitive");
      }
    }
    return args;
  }

  /** Runs the method; whatever it throws comes out unchanged. */
  Object invoke(Object[] args) throws Throwable {
    return invoker.invokeExact(args);
  }

  RpcxReply reply(long id, Object value) {
    RpcxReply.Builder reply = RpcxReply.newBuilder().setId(id);
    if (result != null) {
      reply.setResult(result.toWire(value));
    }
    return reply.build();
  }

  /**
   * The OK reply's frame (varint32 length + {@code RpcxReply}) for a result, written straight into
   * an array of its exact size with no message objects; byte for byte what {@link #reply} encodes.
   *
   * @throws RpcxException RESOURCE_EXHAUSTED when the reply exceeds {@code maxFrameLength}
   */
  byte[] replyFrame(long id, Object value, int maxFrameLength) {
    int resultSize = result == null ? 0 : result.wireSize(value);
    // proto3 leaves a zero id out, as the generated code does.
    int body =
        (id == 0 ? 0 : CodedOutputStream.computeUInt64Size(RpcxReply.ID_FIELD_NUMBER, id))
            + (result == null
                ? 0
                : RESULT_TAG_SIZE
                    + CodedOutputStream.computeUInt32SizeNoTag(resultSize)
                    + resultSize);
    if (body > maxFrameLength) {
      throw new RpcxException(
          RpcxException.Code.RESOURCE_EXHAUSTED,
          "reply of " + body + " bytes exceeds the maximum frame length " + maxFrameLength);
    }
    byte[] frame = new byte[CodedOutputStream.computeUInt32SizeNoTag(body) + body];
    CodedOutputStream out = CodedOutputStream.newInstance(frame);
    try {
      out.writeUInt32NoTag(body);
      if (id != 0) {
        out.writeUInt64(RpcxReply.ID_FIELD_NUMBER, id);
      }
      if (result != null) {
        out.writeTag(RpcxReply.RESULT_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
        out.writeUInt32NoTag(resultSize);
        result.writeTo(out, value);
      }
      out.checkNoSpaceLeft();
      return frame;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
