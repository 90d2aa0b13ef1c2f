package io.rpcxbench.protocols.typedjson;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/**
 * Typed JSON's message carrier (the record in protobuf's JSON mapping as a plain JSON tree in a
 * typed request, no class named by the record) against its real server.
 */
class TypedJsonMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new TypedJsonProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) throws Exception {
    return TypedJsonServer.start("127.0.0.1", 0, limits, service);
  }

  /** A frame over the server's limit closes the connection: the call in flight fails with it. */
  @Override
  protected String tooLargeError() {
    return "UNAVAILABLE|closed|lost|reset";
  }
}
