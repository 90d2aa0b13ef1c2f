package io.rpcxbench.protocols.resp;

import io.rpcxbench.testsupport.AttackContract;
import java.nio.charset.StandardCharsets;

/** Issue 30's attacks on the resp jar: a command announcing a 1 MiB bulk string, then nothing. */
class RespAttackIT extends AttackContract {
  RespAttackIT() {
    super("resp", "*2\r\n$4\r\nECHO\r\n$1048576\r\n".getBytes(StandardCharsets.US_ASCII));
  }

  @Override
  protected byte[] oversizePrefix() {
    return "*2\r\n$4\r\nECHO\r\n$2147483647\r\n"
        .getBytes(StandardCharsets.US_ASCII); // a bulk string of 2 GiB - 1
  }
}
