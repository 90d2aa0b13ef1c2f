package io.rpcxbench.protocols.bert;

import io.rpcxbench.testsupport.AttackContract;

/** Issue 30's attacks on the bert jar: a BERP length of 1 MiB, then nothing. */
class BertAttackIT extends AttackContract {
  BertAttackIT() {
    super("bert", new byte[] {0, 0x10, 0, 0});
  }

  @Override
  protected byte[] oversizePrefix() {
    return new byte[] {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff}; // a packet of 2 GiB - 1
  }
}
