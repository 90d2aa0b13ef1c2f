package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;
import org.junit.jupiter.api.Test;

/** The server's command line in-process, as {@code main} builds it, on the embedded broker. */
class AmqpServerMainTest extends ServerCommandContract {
  private final AmqpServerOptions options = AmqpServerOptions.on(BrokerMode.EMBEDDED);

  @Override
  protected ServerDefinition definition() {
    return AmqpServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return ServerStarter.secured(
        (bind, port, extra, limits, service, tls) ->
            AmqpServer.start(bind, port, options, () -> {}, service, tls));
  }

  @Override
  protected Object[] ownOptions() {
    return new Object[] {options};
  }

  @Test
  void helpNamesTheOwnOptionsAndTheirDefaults() {
    assertThat(run(command(), "--help")).isZero();
    assertThat(out())
        .contains("--broker=MODE")
        .contains("external:HOST:PORT")
        .contains("--prefetch=N")
        .contains("Default: 64")
        .contains("--consumers=N");
  }

  @Test
  void badOwnOptionsAreUsageErrors() {
    assertThat(run(command(), "--broker", "activemq")).isEqualTo(2);
    assertThat(run(command(), "--broker", "external:host")).isEqualTo(2);
    assertThat(run(command(), "--prefetch", "0")).isEqualTo(2);
    assertThat(run(command(), "--prefetch", "65536")).isEqualTo(2);
    assertThat(run(command(), "--consumers", "0")).isEqualTo(2);
  }

  @Test
  void theOwnOptionsAreParsed() {
    AmqpServerOptions parsed = new AmqpServerOptions();
    picocli.CommandLine cli =
        io.rpcxbench.serverkit.ServerMain.commandLine(
            new io.rpcxbench.serverkit.ServerCommand(definition(), starter(), false), parsed);
    cli.parseArgs(
        "--broker", "external:[::1]:5672", "--prefetch", "300", "--consumers", "8", "--port", "1");
    assertThat(parsed.broker).isEqualTo(new BrokerMode(BrokerMode.Kind.EXTERNAL, "::1", 5672));
    assertThat(parsed.prefetch).isEqualTo(300);
    assertThat(parsed.consumers).isEqualTo(8);
    assertThat(new AmqpServerOptions().broker).isEqualTo(BrokerMode.AUTO);
  }
}
