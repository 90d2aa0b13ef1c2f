package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.Await;
import io.rpcxbench.testsupport.ByteCountingProxy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Bytes on the wire of one Geode put (64 B key, 512 B value) on warm connections, on both hops of a
 * brokered call: client to broker and back, broker to consumer and back (the consumer reaches the
 * broker through a counting proxy, as {@code --broker external}). Printed for the README as {@code
 * wire bytes ID put(64 B, 512 B): ...}.
 */
class WireBytesTest {
  private static final int PUT_BODY = 4 + 64 + 1 + 512;

  @Test
  void qpid() throws Exception {
    try (QpidBroker broker = QpidBroker.start("127.0.0.1", 0)) {
      measure(new AmqpQpidProtocol(), broker.port());
    }
  }

  @Test
  void rabbitMq() throws Exception {
    RabbitMq.assumeInstalled();
    try (RabbitMqBroker broker = RabbitMqBroker.start("127.0.0.1", 0, () -> {})) {
      measure(new AmqpProtocol(), broker.port());
    }
  }

  private static void measure(ProtocolProvider protocol, int brokerPort) throws Exception {
    String key = BenchContract.putKey("k", 1, BenchContract.DEFAULT_KEY_BYTES);
    byte[] value = new byte[BenchContract.DEFAULT_VALUE_BYTES];
    AmqpServerOptions options =
        AmqpServerOptions.on(new BrokerMode(BrokerMode.Kind.EXTERNAL, "127.0.0.1", 0));
    try (ByteCountingProxy consumerSide = ByteCountingProxy.start(brokerPort)) {
      options.broker = new BrokerMode(BrokerMode.Kind.EXTERNAL, "127.0.0.1", consumerSide.port());
      try (AmqpServer server = AmqpServer.start("127.0.0.1", 0, options, () -> {});
          ByteCountingProxy clientSide = ByteCountingProxy.start(brokerPort);
          BenchClient client =
              protocol.open(
                  new ClientOptions(
                      "127.0.0.1",
                      clientSide.port(),
                      Duration.ofSeconds(10),
                      Duration.ofSeconds(5),
                      1))) {
        assertThat(client.put(key, value)).isTrue();
        long up = clientSide.requestBytes();
        long down = clientSide.replyBytes();
        long toConsumer = consumerSide.replyBytes();
        long fromConsumer = consumerSide.requestBytes();
        assertThat(client.put(key, value)).isTrue();
        // the consumer's ack follows its reply: wait until both hops' counters stop moving
        Await.quiet(
            "the bytes of the second put on both hops (the consumer's ack follows its reply)",
            Duration.ofMillis(200),
            Duration.ofSeconds(10),
            clientSide::requestBytes,
            clientSide::replyBytes,
            consumerSide::requestBytes,
            consumerSide::replyBytes);
        long request = clientSide.requestBytes() - up;
        long reply = clientSide.replyBytes() - down;
        long delivered = consumerSide.replyBytes() - toConsumer;
        long answered = consumerSide.requestBytes() - fromConsumer;
        System.out.printf(
            "wire bytes %s put(64 B, 512 B): client->broker %d, broker->client %d;"
                + " broker->consumer %d, consumer->broker %d (reply + ack); body %d B%n",
            protocol.id(), request, reply, delivered, answered, PUT_BODY);
        assertThat(request).isGreaterThan(PUT_BODY);
        assertThat(delivered).isGreaterThan(PUT_BODY);
        assertThat(reply).isPositive();
        assertThat(answered).isPositive();
      }
    }
  }
}
