package io.rpcxbench.protocols.amqp;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;
import java.util.List;

/**
 * AMQP 0-9-1 request/reply through RabbitMQ (type 18): the client publishes each call to the
 * request queue and takes the reply by direct reply-to; the server jar starts Debian's
 * rabbitmq-server as its child ({@code --broker rabbitmq}) and consumes the queue (seed 002's "REST
 * vs gRPC vs asynchronous messaging").
 *
 * <pre>{@code
 * try (BenchClient client = new AmqpProtocol().open(
 *     new ClientOptions("10.0.0.2", 5673, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world", through the broker and back
 * }
 * }</pre>
 */
public final class AmqpProtocol implements MessageCarrier {
  static final String ID = "amqp";
  static final int PORT = 5673;
  static final String JAR = "protocols/amqp/target/amqp-server.jar";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "AMQP via RabbitMQ";
  }

  @Override
  public int type() {
    return 18;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  /**
   * The jar starts the broker itself; the host needs the Debian package installed. Logins in clear
   * are allowed on the lab's network only ({@link CleartextLogin}): the lab's plaintext sweeps bind
   * host B's 198.18.0.2, and a bind elsewhere without TLS is refused.
   */
  @Override
  public ServerLaunch server() {
    return new ServerLaunch(
        JAR,
        List.of("--broker", "rabbitmq", CleartextLogin.OPTION, CleartextLogin.LAB_NETWORK),
        "rabbitmq-server");
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
   * broker the server jar starts (rabbitmq.conf's {@code listeners.ssl}), started with the kit's
   * {@code --tls-cert/--tls-key} (mTLS: {@code --tls-client-ca}).
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
    return StackVersions.of("amqp").describe("amqp-client") + ", broker: rabbitmq (external)";
  }
}
