package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/** avro's message carrier (a GenericRecord's Avro bytes) against its real server. */
class AvroIpcMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new AvroIpcProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) throws Exception {
    return AvroIpcServer.start("127.0.0.1", 0, limits, service);
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
