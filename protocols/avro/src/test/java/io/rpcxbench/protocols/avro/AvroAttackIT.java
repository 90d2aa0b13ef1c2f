package io.rpcxbench.protocols.avro;

import io.rpcxbench.testsupport.AttackContract;

/**
 * Issue 30's attacks on the avro jar (Avro IPC on Netty): a frame header (serial 1, one buffer)
 * whose buffer announces 1 MiB, then nothing.
 */
class AvroAttackIT extends AttackContract {
  AvroAttackIT() {
    super("avro", new byte[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0x10, 0, 0});
  }

  @Override
  protected byte[] oversizePrefix() {
    return new byte[] {
      0, 0, 0, 1, 0, 0, 0, 1, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff
    }; // one buffer of 2 GiB - 1
  }
}
