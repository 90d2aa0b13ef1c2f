package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Empty;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.spi.ClientOptions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The real redis-server variants say why they carry no message, and open no client for one. */
class RespRedisMessagesTest {
  @Test
  void aRealRedisServerCarriesNoMessageAndSaysWhy() {
    for (MessageCarrier redis :
        new MessageCarrier[] {new RespRedisProtocol(), new RespLettuceRedisProtocol()}) {
      assertThat(redis.messages().carried()).isFalse();
      assertThat(redis.messages().describe()).startsWith("no: a real redis-server has no schema");
      assertThatThrownBy(
              () ->
                  redis.openMessages(
                      new ClientOptions(
                          "127.0.0.1", 1, Duration.ofSeconds(1), Duration.ofSeconds(1), 1),
                      Empty.getDescriptor()))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("carries no message");
    }
    assertThat(new RespProtocol().messages().carried()).isTrue();
    assertThat(new RespLettuceProtocol().messages().carried()).isTrue();
  }
}
