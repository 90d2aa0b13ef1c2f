package io.rpcxbench.protocols.grpcstream;

import io.rpcxbench.testsupport.AttackContract;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Issue 30's attacks on the grpc-stream jar: an HTTP/2 connection preface, then nothing. The
 * prefaces once seemed to leave the server at half its rate after the attack; a suspect like that
 * is now decided beside a fresh server of the same jar ({@code AttackRounds}), see
 * docs/hardening.md. Issue 48: connections that each send 1 MiB - 1 KiB of a 1 MiB message on their
 * stream and never the rest.
 */
class GrpcStreamAttackIT extends AttackContract {
  GrpcStreamAttackIT() {
    super("grpc-stream", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
  }

  @Test
  void unfinishedMegabyteMessages() throws Exception {
    byte[] bytes = RawHttp2.partialMessage(1 << 20, (1 << 20) - 1024);
    int connections = Integer.getInteger("attack.grpc.messages", 300);
    attack("messages announcing 1 MiB, 1 MiB - 1 KiB of each sent", holding(connections, bytes));
  }

  @Override
  protected byte[] oversizePrefix() {
    return RawHttp2.partialMessage(Integer.MAX_VALUE, 1024); // a message of 2 GiB - 1
  }
}
