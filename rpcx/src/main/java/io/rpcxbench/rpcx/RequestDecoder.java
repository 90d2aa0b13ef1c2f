package io.rpcxbench.rpcx;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.CorruptedFrameException;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import io.rpcxbench.serverkit.netty.NettyLimits;
import io.rpcxbench.serverkit.netty.UnfinishedRequest;
import java.io.IOException;

/**
 * The server's request frames. Before a request is parsed into objects, its bytes are walked once
 * without allocating: only the fields of {@code RpcxRequest} and {@code Parameter} with their own
 * wire types, at most {@link #MAX_PARAMETERS} parameters (a Java method takes no more), else the
 * frame is malformed and the connection closed; a parameter count that does not match the method is
 * answered INVALID_ARGUMENT without parsing a single parameter. A frame of empty parameters then
 * costs a scan, never millions of objects. Unfinished frames are reported to the server's limits
 * (deadline and budget).
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

  private final ServiceRegistry registry;
  private final NettyLimits limits;
  private UnfinishedRequest unfinished;

  RequestDecoder(ServiceRegistry registry, int maxFrameLength, NettyLimits limits) {
    super(RpcxRequest.parser(), maxFrameLength);
    this.registry = registry;
    this.limits = limits;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    if (limits != null) {
      unfinished = limits.unfinishedRequest(ctx);
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
    Header header;
    try {
      header = scan(input(in, length));
    } catch (InvalidProtocolBufferException e) {
      throw new CorruptedFrameException("malformed request: " + e.getMessage());
    } catch (IOException e) {
      throw new CorruptedFrameException("unreadable request: " + e.getMessage());
    }
    ServerMethod method;
    try {
      method = registry.find(header.service, header.method);
    } catch (RpcxException e) {
      return new Rejected(header.id, e.code(), e.description());
    }
    if (header.parameters != method.parameterCount()) {
      return new Rejected(
          header.id,
          RpcxException.Code.INVALID_ARGUMENT,
          method.fullName()
              + " takes "
              + method.parameterCount()
              + " argument(s), got "
              + header.parameters);
    }
    return super.parse(in, length);
  }

  /** What the scan learns: the request's id and names, and how many parameters it carries. */
  private record Header(long id, String service, String method, int parameters) {}

  /**
   * Walks a request's fields without building it.
   *
   * @throws InvalidProtocolBufferException for a field RpcxRequest or Parameter does not have, a
   *     wrong wire type, or more than {@link #MAX_PARAMETERS} parameters
   */
  static Header scan(CodedInputStream in) throws IOException {
    long id = 0;
    String service = "";
    String method = "";
    int parameters = 0;
    int tag;
    while ((tag = in.readTag()) != 0) {
      switch (tag) {
        case ID -> id = in.readUInt64();
        case SERVICE -> service = in.readStringRequireUtf8();
        case METHOD -> method = in.readStringRequireUtf8();
        case PARAMETER -> {
          if (++parameters > MAX_PARAMETERS) {
            throw new InvalidProtocolBufferException("more than " + MAX_PARAMETERS + " parameters");
          }
          scanParameter(in);
        }
        default -> throw unexpected("RpcxRequest", tag);
      }
    }
    return new Header(id, service, method, parameters);
  }

  private static void scanParameter(CodedInputStream in) throws IOException {
    int length = in.readRawVarint32();
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
