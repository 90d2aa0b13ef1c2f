package io.rpcxbench.protocols.thrift;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/**
 * Thrift's message carrier (the record field by field through TProtocol, the message call beside
 * the generated methods) against its real server.
 */
class ThriftMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new ThriftProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) throws Exception {
    return ThriftServer.start("127.0.0.1", 0, limits, service);
  }

  /** The framed transport refuses a frame over the limit and closes the connection. */
  @Override
  protected String tooLargeError() {
    return "UNAVAILABLE|INTERNAL|closed|reset|Broken pipe|end of file";
  }
}
