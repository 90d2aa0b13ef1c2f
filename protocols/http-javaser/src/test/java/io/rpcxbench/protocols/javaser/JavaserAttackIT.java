package io.rpcxbench.protocols.javaser;

import io.rpcxbench.testsupport.AttackContract;
import java.nio.charset.StandardCharsets;

/** Issue 30's attacks on the http-javaser jar: a request announcing a 1 MiB body, then nothing. */
class JavaserAttackIT extends AttackContract {
  JavaserAttackIT() {
    super(
        "http-javaser",
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: "
                + WireCodec.CONTENT_TYPE
                + "\r\nContent-Length: 1048576\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
  }

  @Override
  protected byte[] oversizePrefix() {
    return ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: "
            + WireCodec.CONTENT_TYPE
            + "\r\nContent-Length: 2147483648\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII); // a body of 2 GiB
  }
}
