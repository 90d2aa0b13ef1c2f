package io.rpcxbench.protocols.javaser;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/** http-javaser's message carrier (protobuf bytes in an allow-listed record) against its server. */
class JavaserMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new JavaserProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) {
    return JavaserServer.start("127.0.0.1", 0, limits, service);
  }

  /** The aggregator's refusal past --max-frame: 413 with Connection: close. */
  @Override
  protected String tooLargeError() {
    return "HTTP 413";
  }
}
