package io.rpcxbench.protocols.capnp;

import io.rpcxbench.testsupport.AttackContract;

/** Issue 30's attacks on the capnp jar: a segment table announcing 1 MiB of one segment. */
class CapnpAttackIT extends AttackContract {
  CapnpAttackIT() {
    super("capnp", new byte[] {0, 0, 0, 0, 0, 0, 2, 0}); // 1 segment of 131,072 words
  }

  @Override
  protected byte[] oversizePrefix() {
    return new byte[] {
      0, 0, 0, 0, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f
    }; // 1 segment of 2^28 - 1 words, 2 GiB
  }
}
