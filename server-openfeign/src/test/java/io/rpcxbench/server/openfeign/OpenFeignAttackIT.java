package io.rpcxbench.server.openfeign;

import io.rpcxbench.testsupport.AttackContract;
import java.nio.charset.StandardCharsets;

/**
 * Issue 30's attacks on the openfeign jar (Tomcat, the server of openfeign, openfeign-tuned and
 * http-json): a request head announcing a 1 MiB body, then 4 bytes of it ({@link BodyReadAhead}
 * keeps such bodies off Tomcat's request threads).
 */
class OpenFeignAttackIT extends AttackContract {
  OpenFeignAttackIT() {
    super(
        "openfeign",
        ("POST /hello HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 1048576\r\n\r\n{\"na")
            .getBytes(StandardCharsets.US_ASCII));
  }

  @Override
  protected byte[] oversizePrefix() {
    return ("POST /hello HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            + "Content-Length: 2147483648\r\n\r\n{\"na")
        .getBytes(StandardCharsets.US_ASCII); // a body of 2 GiB
  }
}
