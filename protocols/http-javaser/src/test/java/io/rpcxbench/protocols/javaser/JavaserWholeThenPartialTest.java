package io.rpcxbench.protocols.javaser;

import io.rpcxbench.testsupport.WholeThenPartial;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Issue 59: a whole request and the start of the next in one write; the start is charged to the
 * budget and closes the connection at the frame deadline.
 */
class JavaserWholeThenPartialTest {
  @Test
  void theRequestBehindAWholeOneIsUnderTheDeadlineAndTheBudget() throws Exception {
    WholeThenPartial.check(
        limits -> JavaserServer.start("127.0.0.1", 0, limits),
        new JavaserProtocol(),
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: "
                + WireCodec.CONTENT_TYPE
                + "\r\nContent-Length: 1048576\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
  }
}
