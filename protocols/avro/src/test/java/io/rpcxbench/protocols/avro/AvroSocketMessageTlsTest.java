package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** AvroSocketMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class AvroSocketMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new AvroSocketProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls)
      throws Exception {
    return AvroSocketServer.start("127.0.0.1", 0, limits, service, tls);
  }

  /** SocketFrames past --max-frame: the server closes the connection, no reply (a broken pipe). */
  @Override
  protected String tooLargeError() {
    return "the server closed the (TLS )?connection|Connection reset";
  }
}
