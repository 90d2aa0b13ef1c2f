package io.rpcxbench.protocols.capnp;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/**
 * Raw socket + Cap'n Proto (type 12) as a harness protocol: Cap'n Proto messages in the standard
 * stream framing on plain blocking sockets, one socket per calling thread (the Geode "raw socket +
 * Cap'n Proto" row).
 *
 * <pre>{@code
 * try (BenchClient client = new CapnpProtocol().open(
 *     new ClientOptions("10.0.0.2", 8092, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world"
 * }
 * }</pre>
 */
public final class CapnpProtocol implements ProtocolProvider {
  static final String ID = "capnp";
  static final int PORT = 8092;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "raw socket + Cap'n Proto";
  }

  @Override
  public int type() {
    return 12;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar("protocols/capnp/target/capnp-server.jar");
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return new CapnpClient(options);
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return "capnproto-java runtime " + StackVersions.of("capnp").version("runtime");
  }

  /**
   * Never faked: Cap'n Proto's Java runtime has no dynamic API (no schema loaded at run time, no
   * reflection over a struct), only generated accessors, and capnpc-java is not reachable here.
   */
  @Override
  public io.rpcxbench.spi.MessageSupport messages() {
    return io.rpcxbench.spi.MessageSupport.notCarried(
        "Cap'n Proto's Java runtime has no dynamic (schema-at-run-time) API, only generated"
            + " accessors");
  }

  /** Over the JDK's TLS on both ends: {@code SSLSocket} and {@code SSLServerSocket}. */
  @Override
  public boolean supportsTls() {
    return true;
  }
}
