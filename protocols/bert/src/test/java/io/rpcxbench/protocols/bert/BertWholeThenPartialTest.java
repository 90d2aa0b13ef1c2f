package io.rpcxbench.protocols.bert;

import io.rpcxbench.testsupport.WholeThenPartial;
import org.junit.jupiter.api.Test;

/**
 * Issue 59: a whole request and the start of the next in one write; the start is charged to the
 * budget and closes the connection at the frame deadline.
 */
class BertWholeThenPartialTest {
  @Test
  void theRequestBehindAWholeOneIsUnderTheDeadlineAndTheBudget() throws Exception {
    WholeThenPartial.check(
        limits -> BertServer.start("127.0.0.1", 0, limits),
        new BertProtocol(),
        new byte[] {0, 0x10, 0, 0});
  }
}
