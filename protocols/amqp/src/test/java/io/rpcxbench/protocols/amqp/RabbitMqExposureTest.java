package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.tls.TestAuthority;
import io.rpcxbench.tls.TlsContexts;
import io.rpcxbench.tls.TlsFiles;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 48: a RabbitMQ node of ours listens only where it is told (its Erlang distribution and the
 * epmd it starts on loopback, not 0.0.0.0), its AMQPS listener refuses TLS 1.0 and 1.1, and the
 * start-up line names Erlang's TLS, not the JDK's.
 */
class RabbitMqExposureTest {
  @TempDir Path dir;

  @Test
  void theConfigAsksForTls12AndUp() {
    TlsFiles files = TestAuthority.create(dir, List.of("127.0.0.1"));
    ServerTls tls = new ServerTls(files.serverCert(), files.serverKey(), null);
    String conf = new RabbitMqBroker.Listeners("127.0.0.1", 5671, 5672, tls).config();
    assertThat(conf).contains("ssl_options.versions.1 = tlsv1.3\nssl_options.versions.2 = tlsv1.2");
  }

  @Test
  void theNodeListensOnLoopbackOnlyAndRefusesOldTls() throws Exception {
    RabbitMq.assumeInstalled();
    org.junit.jupiter.api.Assumptions.assumeTrue(
        new java.io.File("/usr/bin/openssl").canExecute()
            && new java.io.File("/usr/bin/ss").canExecute(),
        "skipped: needs openssl and ss (iproute2)");
    TlsFiles files = TestAuthority.create(dir, List.of("127.0.0.1"));
    ServerTls tls = new ServerTls(files.serverCert(), files.serverKey(), null);
    try (RabbitMqBroker broker = RabbitMqBroker.start("127.0.0.1", 0, tls, () -> {})) {
      long beam = broker.nodeProcess().orElseThrow().pid();
      List<String> addresses = listening(beam);
      assertThat(addresses).isNotEmpty().allMatch(a -> a.startsWith("127.0.0.1:"));
      assertThat(broker.tlsStack()).contains("TLSv1.3,TLSv1.2 (Erlang/OTP ssl of RabbitMQ)");
      assertThat(handshake(files, broker.port(), "TLSv1.2")).isEqualTo("TLSv1.2");
      // the JDK's client no longer offers TLS 1.1 at all: OpenSSL's does, at security level 0
      assertThat(openSsl(broker.port(), "-tls1_2")).doesNotContain("Cipher is (NONE)");
      assertThat(openSsl(broker.port(), "-tls1_1")).contains("Cipher is (NONE)");
    }
  }

  /** The TCP addresses a process listens on, from {@code ss}. */
  private static List<String> listening(long pid) throws Exception {
    Process ss = new ProcessBuilder("ss", "-ltnpH").redirectErrorStream(true).start();
    String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    ss.waitFor();
    List<String> addresses = new ArrayList<>();
    Pattern line = Pattern.compile("LISTEN\\s+\\d+\\s+\\d+\\s+(\\S+)\\s+\\S+.*pid=" + pid + ",");
    for (String l : out.split("\n")) {
      Matcher m = line.matcher(l);
      if (m.find()) {
        addresses.add(m.group(1));
      }
    }
    return addresses;
  }

  /** What {@code openssl s_client} says of a handshake at this version (any cipher allowed). */
  private static String openSsl(int port, String version) throws Exception {
    Process p =
        new ProcessBuilder(
                "openssl",
                "s_client",
                "-connect",
                "127.0.0.1:" + port,
                version,
                "-cipher",
                "DEFAULT:@SECLEVEL=0")
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out;
  }

  private static String handshake(TlsFiles files, int port, String version) throws IOException {
    try (SSLSocket socket =
        (SSLSocket) TlsContexts.client(files.ca(), null, null).getSocketFactory().createSocket()) {
      socket.setEnabledProtocols(new String[] {version});
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      socket.setSoTimeout(5_000);
      socket.startHandshake();
      return socket.getSession().getProtocol();
    }
  }
}
