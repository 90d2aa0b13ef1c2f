package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.PossibleAuthenticationFailureException;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 30: a broker of ours accepts its own user of the start only, never guest. */
class BrokerCredentialsTest {
  @TempDir Path dir;

  @Test
  void madeOnceOwnerOnlyAndReadBack() throws Exception {
    BrokerCredentials made = BrokerCredentials.generate();
    Path file = dir.resolve("secrets/amqp.credentials");
    assertThat(made.writeNew(file)).isTrue();
    assertThat(BrokerCredentials.read(file)).isEqualTo(made);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
        .isEqualTo("rwx------");
    assertThat(made.password()).hasSizeGreaterThanOrEqualTo(32);
    assertThat(made.toString()).doesNotContain(made.password());
    BrokerCredentials second = BrokerCredentials.generate();
    assertThat(second).isNotEqualTo(made);
    assertThat(second.writeNew(file)).as("never replaces a file that is there").isFalse();
    assertThat(BrokerCredentials.read(file)).isEqualTo(made);
    try (var left = Files.list(file.getParent())) {
      assertThat(left).containsExactly(file);
    }
  }

  @Test
  void aFileThatIsNotOneUserPasswordLineIsNamed() throws Exception {
    Path file = dir.resolve("bad.credentials");
    Files.writeString(file, "no colon here\n");
    assertThatThrownBy(() -> BrokerCredentials.read(file))
        .isInstanceOf(IOException.class)
        .hasMessage(file + ": not one line user:password");
    Files.writeString(file, "user:pass word\n");
    assertThatThrownBy(() -> BrokerCredentials.read(file))
        .hasMessageContaining(file.toString())
        .hasMessageContaining("[A-Za-z0-9_.-]");
    Files.write(file, new byte[5000]);
    assertThatThrownBy(() -> BrokerCredentials.read(file)).isInstanceOf(IOException.class);
  }

  @Test
  void theEmbeddedBrokerRefusesGuest() throws Exception {
    try (QpidBroker broker = QpidBroker.start("127.0.0.1", 0)) {
      assertThat(BrokerCredentials.read()).contains(broker.credentials());
      assertThat(broker.credentials().user()).isNotEqualTo("guest");
      ConnectionFactory guest = new ConnectionFactory();
      guest.setPort(broker.port());
      assertThatThrownBy(guest::newConnection)
          .isInstanceOf(PossibleAuthenticationFailureException.class);
      ConnectionFactory own = new ConnectionFactory();
      own.setPort(broker.port());
      broker.credentials().applyTo(own);
      own.newConnection().close();
    }
  }

  @Test
  void aClientWithoutTheFileSaysWhichFileItNeeds() throws Exception {
    try (AmqpServer server =
        AmqpServer.start("127.0.0.1", 0, AmqpServerOptions.on(BrokerMode.EMBEDDED), () -> {})) {
      Path file = BrokerCredentials.file();
      Path aside = dir.resolve("aside");
      Files.move(file, aside);
      try (BenchClient client =
          new AmqpProtocol()
              .open(
                  new ClientOptions(
                      "127.0.0.1",
                      server.port(),
                      Duration.ofSeconds(5),
                      Duration.ofSeconds(2),
                      1))) {
        assertThatThrownBy(() -> client.hello("x"))
            .isInstanceOf(AmqpCallException.class)
            .hasMessageContaining("the broker refused user guest")
            .hasMessageContaining(file.toString());
      } finally {
        Files.move(aside, file);
      }
    }
  }

  @Test
  void credentialsAreOnlyForAnExternalBroker() throws Exception {
    AmqpServerOptions options = AmqpServerOptions.on(BrokerMode.EMBEDDED);
    options.credentialsFile = dir.resolve("x");
    assertThatThrownBy(() -> AmqpServer.start("127.0.0.1", 0, options, () -> {}))
        .hasMessageContaining("--credentials is for --broker external");
  }
}
