package io.rpcxbench.protocols.javaser;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** JavaserMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class JavaserMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new JavaserProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls) {
    return JavaserServer.start("127.0.0.1", 0, limits, service, tls);
  }

  /** The aggregator's refusal past --max-frame: 413 with Connection: close. */
  @Override
  protected String tooLargeError() {
    return "HTTP 413";
  }
}
