package io.rpcxbench.protocols.thrift;

import io.rpcxbench.api.BenchContract;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.transport.TTransport;

/**
 * The bounds both ends read with, so that no length a peer sends is trusted: a frame, a message, a
 * string or binary, and a list are each at most the largest payload plus room for the rest
 * (libthrift's defaults are 16 MB frames and 100 MB messages).
 */
final class ThriftLimits {
  /** The largest frame either side reads. */
  static final int MAX_FRAME = BenchContract.MAX_PAYLOAD + 64 * 1024;

  private static final int RECURSION_DEPTH = TConfiguration.DEFAULT_RECURSION_DEPTH;

  private ThriftLimits() {}

  /** A fresh configuration: libthrift's transports change theirs (the frame size) in place. */
  static TConfiguration configuration() {
    return new TConfiguration(MAX_FRAME, MAX_FRAME, RECURSION_DEPTH);
  }

  /** Binary protocol, strict write (the default), strings and containers bounded. */
  static TBinaryProtocol.Factory protocolFactory() {
    return new TBinaryProtocol.Factory(false, true, MAX_FRAME, MAX_FRAME);
  }

  static TProtocol protocol(TTransport transport) {
    return protocolFactory().getProtocol(transport);
  }
}
