package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** AvroIpcMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class AvroIpcMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new AvroIpcProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls)
      throws Exception {
    return AvroIpcServer.start("127.0.0.1", 0, limits, service, tls);
  }

  /**
   * NettyFrameGuard past --max-frame closes the connection; Avro IPC reports its transceiver
   * closed.
   */
  @Override
  protected String tooLargeError() {
    return "NettyTransceiver closed";
  }
}
