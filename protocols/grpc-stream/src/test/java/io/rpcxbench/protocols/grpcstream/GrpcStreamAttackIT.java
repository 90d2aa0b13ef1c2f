package io.rpcxbench.protocols.grpcstream;

import io.rpcxbench.testsupport.AttackContract;
import java.nio.charset.StandardCharsets;

/**
 * Issue 30's attacks on the grpc-stream jar: an HTTP/2 connection preface, then nothing. The
 * prefaces once seemed to leave the server at half its rate after the attack; a suspect like that
 * is now decided beside a fresh server of the same jar ({@code AttackRounds}), see
 * docs/hardening.md.
 */
class GrpcStreamAttackIT extends AttackContract {
  GrpcStreamAttackIT() {
    super("grpc-stream", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
  }
}
