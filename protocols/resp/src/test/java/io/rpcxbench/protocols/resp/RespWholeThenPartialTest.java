package io.rpcxbench.protocols.resp;

import io.rpcxbench.testsupport.WholeThenPartial;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Issue 59: a whole request and the start of the next in one write; the start is charged to the
 * budget and closes the connection at the frame deadline.
 */
class RespWholeThenPartialTest {
  @Test
  void theRequestBehindAWholeOneIsUnderTheDeadlineAndTheBudget() throws Exception {
    WholeThenPartial.check(
        limits -> RespServer.start("127.0.0.1", 0, limits),
        new RespProtocol(),
        "*2\r\n$4\r\nECHO\r\n$1048576\r\n".getBytes(StandardCharsets.US_ASCII));
  }
}
