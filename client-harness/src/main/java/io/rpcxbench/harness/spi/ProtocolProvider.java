package io.rpcxbench.harness.spi;

/**
 * A protocol the harness can drive without being built with it (benchmark-only protocols such
 * as the bare Netty baseline live in {@code bench/}, not in the product). Found with {@link
 * java.util.ServiceLoader}: put the implementation's class name in {@code
 * META-INF/services/io.rpcxbench.harness.spi.ProtocolProvider} and the jar on the harness's
 * class path; {@code --protocol ID} then selects it, {@code --port ID=PORT} sets its port, and
 * its results go to {@code <out>/ID/t<T>-r<R>.csv} with {@link #type()} in the type column.
 *
 * <pre>{@code
 * public final class BareProvider implements ProtocolProvider {
 *   public String id() { return "bare"; }
 *   public int type() { return 90; }
 *   public int defaultPort() { return 8090; }
 *   public BenchClient open(ClientOptions options) { return BareClient.connect(options); }
 * }
 * }</pre>
 *
 * <p>Implementations need a public no-argument constructor.
 */
public interface ProtocolProvider {
  /** Lower-case name for {@code --protocol} and the result folder: {@code [a-z][a-z0-9-]*}. */
  String id();

  /**
   * Number for the raw files' {@code type} column. 1-3 are the paper's (RPCX, gRPC, OpenFeign);
   * plugins pick another one and list it in docs/raw-format.md.
   */
  int type();

  /** The port used when {@code --port ID=PORT} is not given. */
  int defaultPort();

  /**
   * Builds the client the way the protocol's users would, once per protocol JVM, before any
   * timed run. It may connect lazily; the harness probes the server with one call right after.
   *
   * @throws RuntimeException when the client cannot be built; the harness prints its message
   */
  BenchClient open(ClientOptions options);
}
