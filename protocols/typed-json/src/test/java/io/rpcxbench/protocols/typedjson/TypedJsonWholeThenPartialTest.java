package io.rpcxbench.protocols.typedjson;

import io.rpcxbench.testsupport.WholeThenPartial;
import org.junit.jupiter.api.Test;

/**
 * Issue 59: a whole request and the start of the next in one write; the start is charged to the
 * budget and closes the connection at the frame deadline.
 */
class TypedJsonWholeThenPartialTest {
  @Test
  void theRequestBehindAWholeOneIsUnderTheDeadlineAndTheBudget() throws Exception {
    WholeThenPartial.check(
        limits -> TypedJsonServer.start("127.0.0.1", 0, limits),
        new TypedJsonProtocol(),
        new byte[] {0, 0x10, 0, 0});
  }
}
