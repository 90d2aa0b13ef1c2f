package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Qpid's network buffers follow the direct memory, and keep Qpid's default at the deploy flags. */
class QpidNetworkBufferTest {
  private static final long MIB = 1024 * 1024;

  @Test
  void aThousandthOfTheDirectMemoryBetween64And256KiB() {
    assertThat(QpidBroker.networkBufferSize(64 * MIB)).isEqualTo(64 * 1024);
    assertThat(QpidBroker.networkBufferSize(128 * MIB)).isEqualTo(128 * 1024);
    assertThat(QpidBroker.networkBufferSize(384 * MIB)).isEqualTo(256 * 1024);
    assertThat(QpidBroker.networkBufferSize(4096 * MIB)).isEqualTo(256 * 1024);
    assertThat(QpidBroker.networkBufferSize(16 * MIB)).isEqualTo(64 * 1024);
    assertThat(QpidBroker.networkBufferSize(0)).isEqualTo(64 * 1024);
  }
}
