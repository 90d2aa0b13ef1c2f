package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.serverkit.ServerCommand;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Issue 48, outcome 7: a broker of ours without TLS takes logins (PLAIN, the password in clear) on
 * loopback and on the networks {@code --allow-cleartext-login} names only; anywhere else the server
 * refuses to start, in one line, exit 2, before any broker runs.
 */
class CleartextLoginTest {
  private static final CleartextLogin NONE = new CleartextLogin(List.of());
  private static final CleartextLogin LAB =
      new CleartextLogin(List.of(CleartextLogin.Network.parse(CleartextLogin.LAB_NETWORK)));

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @Test
  void loopbackAndTlsAreAlwaysAllowed() {
    assertThat(NONE.refusal("127.0.0.1", false)).isEmpty();
    assertThat(NONE.refusal("::1", false)).isEmpty();
    assertThat(NONE.refusal("198.18.0.2", true)).isEmpty();
    assertThat(NONE.refusal("0.0.0.0", true)).isEmpty();
    assertThat(NONE.note("127.0.0.1", false)).isEmpty();
    assertThat(NONE.note("198.18.0.2", true)).isEmpty();
  }

  @Test
  void offLoopbackWithoutTlsIsRefusedNamingTheOptIn() {
    assertThat(NONE.refusal("198.18.0.2", false))
        .hasValueSatisfying(
            line ->
                assertThat(line)
                    .startsWith("refusing PLAIN logins without TLS on 198.18.0.2")
                    .contains("--allow-cleartext-login NETWORK")
                    .doesNotContain("\n"));
    assertThat(NONE.refusal("0.0.0.0", false)).isPresent();
    assertThat(NONE.refusal("::", false)).isPresent();
  }

  @Test
  void theLabsNetworkAllowsItsAddressesOnly() {
    assertThat(LAB.refusal("198.18.0.2", false)).isEmpty();
    assertThat(LAB.refusal("198.19.255.254", false)).isEmpty();
    assertThat(LAB.refusal("198.20.0.1", false)).isPresent();
    assertThat(LAB.refusal("10.0.0.2", false)).isPresent();
    // a wildcard bind listens on every network, not only the lab's
    assertThat(LAB.refusal("0.0.0.0", false)).isPresent();
    assertThat(LAB.note("198.18.0.2", false))
        .isEqualTo("; logins in clear on 198.18.0.2 (--allow-cleartext-login 198.18.0.0/15)");
  }

  @Test
  void anyAllowsEveryBindAndAnAddressIsItsOwnNetwork() {
    CleartextLogin any = new CleartextLogin(List.of(CleartextLogin.Network.parse("any")));
    assertThat(any.refusal("0.0.0.0", false)).isEmpty();
    assertThat(any.refusal("10.1.2.3", false)).isEmpty();
    CleartextLogin one = new CleartextLogin(List.of(CleartextLogin.Network.parse("10.1.2.3")));
    assertThat(one.refusal("10.1.2.3", false)).isEmpty();
    assertThat(one.refusal("10.1.2.4", false)).isPresent();
    CleartextLogin six = new CleartextLogin(List.of(CleartextLogin.Network.parse("fd00::/8")));
    assertThat(six.refusal("fd12::1", false)).isEmpty();
    assertThat(six.refusal("198.18.0.2", false)).isPresent();
  }

  @Test
  void badNetworksAreRefused() {
    for (String bad : new String[] {"198.18.0.0/33", "198.18.0.0/x", "lab", "", "::/129"}) {
      assertThatThrownBy(() -> CleartextLogin.Network.parse(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  /** The server's command line: the refusal is bad usage, one line on stderr, no broker started. */
  @Test
  void theServerRefusesToStartOffLoopbackWithoutTheOptIn() {
    AmqpServerOptions options = AmqpServerOptions.on(BrokerMode.EMBEDDED);
    assertThat(run(options, "--bind", "198.18.0.2", "--port", "0")).isEqualTo(2);
    assertThat(err.toString().strip())
        .startsWith("amqp: error: refusing PLAIN logins without TLS on 198.18.0.2")
        .contains("--allow-cleartext-login")
        .doesNotContain("\n");
    assertThat(out.toString()).doesNotContain("listening on");
  }

  @Test
  void theOptInIsParsedRepeatableAndCheckedAsUsage() {
    AmqpServerOptions options = AmqpServerOptions.on(BrokerMode.EMBEDDED);
    command(options)
        .parseArgs("--allow-cleartext-login", "198.18.0.0/15", "--allow-cleartext-login", "any");
    assertThat(options.cleartextNetworks)
        .extracting(Object::toString)
        .containsExactly("198.18.0.0/15", "any");
    assertThat(options.cleartextLogin().refusal("0.0.0.0", false)).isEmpty();
    assertThat(run(AmqpServerOptions.on(BrokerMode.EMBEDDED), "--allow-cleartext-login", "lab"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--allow-cleartext-login takes a network");
  }

  private int run(AmqpServerOptions options, String... args) {
    CommandLine cli = command(options);
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  private static CommandLine command(AmqpServerOptions options) {
    ServerStarter starter =
        ServerStarter.secured(
            (bind, port, extra, limits, service, tls) ->
                AmqpServer.start(bind, port, options, () -> {}, service, tls));
    return ServerMain.commandLine(
        new ServerCommand(AmqpServerMain.DEFINITION, starter, false), options);
  }
}
