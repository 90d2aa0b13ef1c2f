package io.rpcxbench.server.rpcx;

import io.rpcxbench.testsupport.AttackContract;

/**
 * Issue 59's attack table for the paper's own server: every mode of the contract (unfinished frames
 * held, silent connections, a whole request then an unfinished one, slow senders, a fuzz, oversized
 * announcements, a connection flood; an honest client of hellos or of 16 KiB echoes) against the
 * rpcx jar. {@link ServerRpcxAttackIT} keeps the attacks of rpcx's own frames (empty parameters,
 * unread replies, the cap's log lines).
 */
class RpcxModesAttackIT extends AttackContract {
  RpcxModesAttackIT() {
    super("rpcx", new byte[] {(byte) 0x80, (byte) 0x80, 0x40}); // a frame length (varint) of 1 MiB
  }

  @Override
  protected byte[] oversizePrefix() {
    // a frame length of 2 GiB - 1, as protobuf's varint
    return new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07};
  }
}
