package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/** avro-socket's message carrier (a GenericRecord's Avro bytes) against its real server. */
class AvroSocketMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new AvroSocketProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) throws Exception {
    return AvroSocketServer.start("127.0.0.1", 0, limits, service);
  }

  /** SocketFrames past --max-frame: the server closes the connection, no reply. */
  @Override
  protected String tooLargeError() {
    return "the server closed the connection";
  }
}
