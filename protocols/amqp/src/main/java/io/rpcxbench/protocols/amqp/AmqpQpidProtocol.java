package io.rpcxbench.protocols.amqp;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/**
 * AMQP 0-9-1 request/reply through Apache Qpid Broker-J 9.2.1 embedded in the server jar (type 19):
 * the same client and consumer as {@link AmqpProtocol}; Qpid has no direct reply-to, so each
 * calling thread's channel consumes an exclusive, server-named reply queue.
 *
 * <pre>{@code
 * try (BenchClient client = new AmqpQpidProtocol().open(
 *     new ClientOptions("10.0.0.2", 5674, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world"
 * }
 * }</pre>
 */
public final class AmqpQpidProtocol implements MessageCarrier {
  static final String ID = "amqp-qpid";
  static final int PORT = 5674;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "AMQP via Qpid Broker-J (embedded)";
  }

  @Override
  public int type() {
    return 19;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar(AmqpProtocol.JAR)
        .withArgs("--broker", "embedded", CleartextLogin.OPTION, CleartextLogin.LAB_NETWORK);
  }

  /** A user's message's protobuf bytes as the AMQP message body (AmqpMessageClient). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return new AmqpMessageClient(new AmqpClient(options), type);
  }

  @Override
  public MessageCodec codec() {
    return MessageCodec.PROTOBUF;
  }

  /**
   * AMQPS: the client's amqp-client TLS ({@code useSslProtocol}, hostname verification) against the
   * embedded Qpid Broker-J ({@code "transports": ["SSL"]}), started with the kit's {@code
   * --tls-cert/--tls-key} (mTLS: {@code --tls-client-ca}).
   */
  @Override
  public boolean supportsTls() {
    return true;
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return new AmqpClient(options);
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return StackVersions.of("amqp").describe("amqp-client", "qpid-broker-core");
  }
}
