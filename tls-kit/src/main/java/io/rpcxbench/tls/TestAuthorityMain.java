package io.rpcxbench.tls;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.api.ExitCodes;
import io.rpcxbench.api.RpcxBenchVersion;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a fresh test authority's PEM files for one experiment: {@code ca.pem}, {@code server.pem},
 * {@code server-key.pem}, {@code client.pem}, {@code client-key.pem}.
 *
 * <pre>
 *   java -jar tls-kit/target/tls-kit.jar --out results/tls --name 127.0.0.1 --name hostb
 * </pre>
 *
 * <p>Exit codes: 0 written, 2 bad usage. {@code --version} prints the version line every jar of the
 * project prints ({@link RpcxBenchVersion}).
 */
public final class TestAuthorityMain {
  private TestAuthorityMain() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    Path dir = null;
    List<String> names = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--help") || a.equals("-h")) {
        out.println(usage());
        return ExitCode.OK.code();
      }
      if (a.equals("--version") || a.equals("-V")) {
        out.println(RpcxBenchVersion.line());
        return ExitCode.OK.code();
      }
      if ((a.equals("--out") || a.equals("--name")) && i + 1 < args.length) {
        if (a.equals("--out")) {
          dir = Path.of(args[++i]);
        } else {
          names.add(args[++i]);
        }
      } else {
        err.println("tls-kit: error: unknown or incomplete argument " + a);
        err.println(usage());
        return ExitCode.USAGE.code();
      }
    }
    if (dir == null || names.isEmpty()) {
      err.println("tls-kit: error: --out DIR and at least one --name HOST are required");
      err.println(usage());
      return ExitCode.USAGE.code();
    }
    TlsFiles files = TestAuthority.create(dir, names);
    out.println(
        "tls-kit: wrote a test CA and certificates for "
            + String.join(", ", names)
            + " (valid 30 days)");
    out.println("  server: --tls-cert " + files.serverCert() + " --tls-key " + files.serverKey());
    out.println("          mTLS: add --tls-client-ca " + files.ca());
    out.println("  client: trusts " + files.ca());
    out.println("          mTLS: presents " + files.clientCert() + " and " + files.clientKey());
    return ExitCode.OK.code();
  }

  private static String usage() {
    return String.join(
        "\n",
        "Usage: java -jar tls-kit/target/tls-kit.jar --out DIR --name HOST [--name HOST...]",
        "       java -jar tls-kit/target/tls-kit.jar --help | --version",
        "Makes a test CA, a server certificate for every HOST (a DNS name or an IP address, the",
        "names clients call the server by) and a client certificate for mTLS, as PEM files in DIR.",
        "Keys are readable by their owner only; never commit them.",
        "Example: java -jar tls-kit/target/tls-kit.jar --out results/tls --name 127.0.0.1",
        ExitCodes.POINTER);
  }
}
