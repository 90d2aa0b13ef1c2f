package io.rpcxbench.protocols.tcpprotobuf;

import io.rpcxbench.testsupport.AttackContract;

/** Issue 30's attacks on the tcp-protobuf jar: a varint announcing 1 MiB - 1, then nothing. */
class TcpProtobufAttackIT extends AttackContract {
  TcpProtobufAttackIT() {
    super("tcp-protobuf", new byte[] {(byte) 0xff, (byte) 0xff, 0x3f});
  }

  @Override
  protected byte[] oversizePrefix() {
    return new byte[] {
      (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07
    }; // a varint length of 2 GiB - 1
  }
}
