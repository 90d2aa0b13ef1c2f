package io.rpcxbench.harness.config;

import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.spi.ClientTls;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Where the servers are and how long a call may take. */
public final class TargetOptions {
  @Option(
      names = "--host",
      paramLabel = "H[:PORT][,H[:PORT]...]",
      defaultValue = Target.DEFAULT_HOST,
      description =
          "Server host (default: ${DEFAULT-VALUE}); several, each with an optional port, for a"
              + " protocol whose client balances across servers.")
  String host;

  @Option(
      names = "--port",
      paramLabel = "ID=PORT",
      description =
          "A protocol's server port, e.g. --port rpcx=9081 (repeatable; default: the"
              + " catalog's, see --list-protocols).")
  Map<String, Integer> ports = new LinkedHashMap<>();

  /** --timeout. */
  @Mixin DeadlineOptions deadline = new DeadlineOptions();

  @Option(
      names = "--tls-ca",
      paramLabel = "FILE",
      description =
          "Call over TLS, trusting the CA certificate(s) in this PEM file (docs/tls.md; make a"
              + " test CA with tls-kit.jar). Only protocols with TLS wired take it.")
  Path tlsCa;

  @Option(
      names = "--tls-cert",
      paramLabel = "FILE",
      description = "With --tls-ca: this client certificate (PEM) for mTLS; needs --tls-key.")
  Path tlsCert;

  @Option(
      names = "--tls-key",
      paramLabel = "FILE",
      description = "With --tls-cert: its PKCS#8 private key (PEM).")
  Path tlsKey;

  /** The target of {@code protocols} (given by the command's {@code --protocol}). */
  public Target target(List<Protocol> protocols) {
    return new Target(protocols, host, ports, deadline.timeout(), tls());
  }

  private ClientTls tls() {
    if (tlsCa == null) {
      if (tlsCert != null || tlsKey != null) {
        throw new IllegalArgumentException(
            "--tls-cert and --tls-key need --tls-ca (the CA the client trusts)");
      }
      return null;
    }
    if ((tlsCert == null) != (tlsKey == null)) {
      throw new IllegalArgumentException("--tls-cert and --tls-key go together (mTLS)");
    }
    return new ClientTls(tlsCa, tlsCert, tlsKey);
  }
}
