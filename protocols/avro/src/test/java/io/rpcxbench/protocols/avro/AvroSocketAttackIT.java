package io.rpcxbench.protocols.avro;

import io.rpcxbench.testsupport.AttackContract;

/** Issue 30's attacks on the avro-socket jar: a frame length of 1 MiB, then nothing. */
class AvroSocketAttackIT extends AttackContract {
  AvroSocketAttackIT() {
    super("avro-socket", new byte[] {0, 0x10, 0, 0});
  }

  @Override
  protected byte[] oversizePrefix() {
    return new byte[] {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff}; // a frame of 2 GiB - 1
  }
}
