package io.rpcxbench.protocols.typedjson;

import io.rpcxbench.testsupport.AttackContract;

/** Issue 30's attacks on the typed-json jar: a frame length of 1 MiB, then nothing. */
class TypedJsonAttackIT extends AttackContract {
  TypedJsonAttackIT() {
    super("typed-json", new byte[] {0, 0x10, 0, 0});
  }
}
