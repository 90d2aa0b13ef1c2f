package io.rpcxbench.protocols.thrift;

import io.rpcxbench.testsupport.AttackContract;

/** Issue 30's attacks on the thrift jar: a frame length of 1 MiB, then nothing. */
class ThriftAttackIT extends AttackContract {
  ThriftAttackIT() {
    super("thrift", new byte[] {0, 0x10, 0, 0});
  }

  @Override
  protected byte[] oversizePrefix() {
    return new byte[] {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff}; // a frame of 2 GiB - 1
  }
}
