package io.rpcxbench.protocols.avro;

import io.rpcxbench.testsupport.AttackContract;

/** Issue 30's attacks on the avro-socket jar: a frame length of 1 MiB, then nothing. */
class AvroSocketAttackIT extends AttackContract {
  AvroSocketAttackIT() {
    super("avro-socket", new byte[] {0, 0x10, 0, 0});
  }
}
