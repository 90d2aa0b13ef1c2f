package io.rpcxbench.protocols.bert;

import io.rpcxbench.testsupport.AttackContract;

/** Issue 30's attacks on the bert jar: a BERP length of 1 MiB, then nothing. */
class BertAttackIT extends AttackContract {
  BertAttackIT() {
    super("bert", new byte[] {0, 0x10, 0, 0});
  }
}
