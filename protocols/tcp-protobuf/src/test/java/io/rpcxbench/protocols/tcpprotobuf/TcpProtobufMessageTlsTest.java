package io.rpcxbench.protocols.tcpprotobuf;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** TcpProtobufMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class TcpProtobufMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new TcpProtobufProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls)
      throws Exception {
    return TcpProtobufServer.start("127.0.0.1", 0, limits, service, tls);
  }

  /** Its frame bound is the protocol's own (Frames.MAX_FRAME), past which the server closes. */
  @Override
  protected int tooLargeBytes() {
    return Frames.MAX_FRAME + 1024;
  }

  /** The server closes a connection whose frame is over its bound (tcp_protobuf.proto). */
  @Override
  protected String tooLargeError() {
    return "closed the connection|Connection reset|Broken pipe";
  }
}
