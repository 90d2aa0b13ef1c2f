package io.rpcxbench.rpcx;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.CorruptedFrameException;
import io.rpcxbench.rpcx.wire.Parameter;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The server's request frames, read in one pass straight from the frame's bytes: the fields of
 * {@code RpcxRequest} and {@code Parameter} with their own wire types only, at most {@link
 * #MAX_PARAMETERS} parameters (a Java method takes no more), else the frame is malformed and the
 * connection closed; a parameter count that does not match the method is answered INVALID_ARGUMENT
 * without parsing a single parameter. A frame of empty parameters then costs a scan, never millions
 * of objects. No {@code RpcxRequest} is built: the method is found from the name bytes (the last
 * one found is kept, so a connection that calls one method decodes no names), and only the
 * parameters are parsed, each from its own bytes. Unfinished frames are reported to the server's
 * {@link ConnectionGuard} (deadline and budget).
 */
final class RequestDecoder extends FrameDecoder<RpcxRequest> {
  /** The JVM's limit on a method's parameters. */
  static final int MAX_PARAMETERS = 255;

  private static final int ID = WireFormat.WIRETYPE_VARINT | 1 << 3;
  private static final int SERVICE = WireFormat.WIRETYPE_LENGTH_DELIMITED | 2 << 3;
  private static final int METHOD = WireFormat.WIRETYPE_LENGTH_DELIMITED | 3 << 3;
  private static final int PARAMETER = WireFormat.WIRETYPE_LENGTH_DELIMITED | 4 << 3;

  /** Parameter's tags by field number 1..9, each with its one wire type. */
  private static final int[] PARAMETER_TAGS = {
    0,
    WireFormat.WIRETYPE_VARINT | 1 << 3, // type
    WireFormat.WIRETYPE_VARINT | 2 << 3, // bool_value
    WireFormat.WIRETYPE_VARINT | 3 << 3, // int32_value
    WireFormat.WIRETYPE_VARINT | 4 << 3, // int64_value
    WireFormat.WIRETYPE_FIXED32 | 5 << 3, // float_value
    WireFormat.WIRETYPE_FIXED64 | 6 << 3, // double_value
    WireFormat.WIRETYPE_LENGTH_DELIMITED | 7 << 3, // string_value
    WireFormat.WIRETYPE_LENGTH_DELIMITED | 8 << 3, // bytes_value
    WireFormat.WIRETYPE_LENGTH_DELIMITED | 9 << 3, // message_type
  };

  /** A request answered with an error before its parameters were parsed. */
  record Rejected(long id, RpcxException.Code code, String message) {}

  /** A request for a known method with the right number of parameters, parsed. */
  record Call(long id, ServerMethod method, Parameter[] parameters) {}

  private final ServiceRegistry registry;
  private final ConnectionGuard guard;
  private ConnectionGuard.UnfinishedFrame unfinished;

  // One connection's decoding state, on its event loop only.
  private final int[] parameterStarts = new int[MAX_PARAMETERS];
  private final int[] parameterLengths = new int[MAX_PARAMETERS];
  private byte[] lastService = new byte[0];
  private byte[] lastMethodName = new byte[0];
  private ServerMethod lastMethod;

  RequestDecoder(ServiceRegistry registry, int maxFrameLength, ConnectionGuard guard) {
    super(RpcxRequest.parser(), maxFrameLength);
    this.registry = registry;
    this.guard = guard;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    if (guard != null) {
      unfinished = guard.unfinishedFrame(ctx);
    }
  }

  @Override
  protected void handlerRemoved0(ChannelHandlerContext ctx) {
    if (unfinished != null) {
      unfinished.release();
    }
  }

  @Override
  boolean unfinished(ChannelHandlerContext ctx, long heldBytes) {
    return unfinished == null || unfinished.holding(heldBytes);
  }

  @Override
  Object parse(ByteBuf in, int length) {
    byte[] bytes;
    int offset;
    if (in.hasArray()) {
      bytes = in.array();
      offset = in.arrayOffset() + in.readerIndex();
    } else {
      // One copy out of the direct buffer; protobuf would copy it anyway, into a new array.
      bytes = frameBytes(length);
      in.getBytes(in.readerIndex(), bytes, 0, length);
      offset = 0;
    }
    try {
      return parse(bytes, offset, length);
    } catch (InvalidProtocolBufferException e) {
      throw new CorruptedFrameException("malformed request: " + e.getMessage());
    } catch (IOException e) {
      throw new CorruptedFrameException("unreadable request: " + e.getMessage());
    }
  }

  private Object parse(byte[] bytes, int offset, int length) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(bytes, offset, length);
    long id = 0;
    int serviceStart = offset;
    int serviceLength = 0;
    int methodStart = offset;
    int methodLength = 0;
    int parameters = 0;
    int tag;
    while ((tag = in.readTag()) != 0) {
      switch (tag) {
        case ID -> id = in.readUInt64();
        case SERVICE -> {
          serviceLength = in.readRawVarint32();
          serviceStart = offset + in.getTotalBytesRead();
          in.skipRawBytes(serviceLength);
        }
        case METHOD -> {
          methodLength = in.readRawVarint32();
          methodStart = offset + in.getTotalBytesRead();
          in.skipRawBytes(methodLength);
        }
        case PARAMETER -> {
          if (parameters == MAX_PARAMETERS) {
            throw new InvalidProtocolBufferException("more than " + MAX_PARAMETERS + " parameters");
          }
          int parameterLength = in.readRawVarint32();
          parameterStarts[parameters] = offset + in.getTotalBytesRead();
          parameterLengths[parameters] = parameterLength;
          scanParameter(in, parameterLength);
          parameters++;
        }
        default -> throw unexpected("RpcxRequest", tag);
      }
    }
    ServerMethod method;
    try {
      method = method(bytes, serviceStart, serviceLength, methodStart, methodLength);
    } catch (RpcxException e) {
      return new Rejected(id, e.code(), e.description());
    }
    if (parameters != method.parameterCount()) {
      return new Rejected(
          id,
          RpcxException.Code.INVALID_ARGUMENT,
          method.fullName()
              + " takes "
              + method.parameterCount()
              + " argument(s), got "
              + parameters);
    }
    Parameter[] parsed = new Parameter[parameters];
    for (int i = 0; i < parameters; i++) {
      parsed[i] = Parameter.parser().parseFrom(bytes, parameterStarts[i], parameterLengths[i]);
    }
    return new Call(id, method, parsed);
  }

  /** The method the name bytes name: the last one found when they are the same, else a lookup. */
  private ServerMethod method(
      byte[] bytes, int serviceStart, int serviceLength, int methodStart, int methodLength)
      throws InvalidProtocolBufferException {
    if (lastMethod != null
        && Arrays.equals(
            bytes, serviceStart, serviceStart + serviceLength, lastService, 0, lastService.length)
        && Arrays.equals(
            bytes,
            methodStart,
            methodStart + methodLength,
            lastMethodName,
            0,
            lastMethodName.length)) {
      return lastMethod;
    }
    byte[] service = Arrays.copyOfRange(bytes, serviceStart, serviceStart + serviceLength);
    byte[] methodName = Arrays.copyOfRange(bytes, methodStart, methodStart + methodLength);
    ServerMethod found = registry.find(utf8(service), utf8(methodName));
    lastService = service;
    lastMethodName = methodName;
    lastMethod = found;
    return found;
  }

  private static String utf8(byte[] bytes) throws InvalidProtocolBufferException {
    if (!ByteString.copyFrom(bytes).isValidUtf8()) { // strict, as protobuf checks a string field
      throw new InvalidProtocolBufferException("Protocol message had invalid UTF-8.");
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static void scanParameter(CodedInputStream in, int length) throws IOException {
    if (length < 0) {
      throw new InvalidProtocolBufferException("negative parameter length");
    }
    int outer = in.pushLimit(length);
    int tag;
    while ((tag = in.readTag()) != 0) {
      int field = WireFormat.getTagFieldNumber(tag);
      if (field >= PARAMETER_TAGS.length || PARAMETER_TAGS[field] != tag) {
        throw unexpected("Parameter", tag);
      }
      in.skipField(tag);
    }
    in.popLimit(outer);
  }

  private static InvalidProtocolBufferException unexpected(String message, int tag) {
    return new InvalidProtocolBufferException(
        message
            + " has no field "
            + WireFormat.getTagFieldNumber(tag)
            + " of wire type "
            + WireFormat.getTagWireType(tag));
  }
}
