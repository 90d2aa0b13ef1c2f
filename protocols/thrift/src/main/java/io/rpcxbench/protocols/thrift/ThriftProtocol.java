package io.rpcxbench.protocols.thrift;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/**
 * Apache Thrift (type 9) as a harness protocol: framed transport, binary protocol, the generated
 * blocking client with one socket per calling thread, against a {@code TThreadPoolServer}.
 *
 * <pre>{@code
 * try (BenchClient client = new ThriftProtocol().open(
 *     new ClientOptions("10.0.0.2", 8088, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world"
 * }
 * }</pre>
 */
public final class ThriftProtocol implements MessageCarrier {
  static final String ID = "thrift";
  static final int PORT = 8088;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "Apache Thrift";
  }

  @Override
  public int type() {
    return 9;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar("protocols/thrift/target/thrift-server.jar");
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return new ThriftClient(options);
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return StackVersions.of("thrift").describe("libthrift");
  }

  /** A user's record field by field through Thrift's protocol API (docs/messages.md). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return new ThriftMessageClient(options, type);
  }

  @Override
  public MessageCodec codec() {
    return ThriftCodec.INSTANCE;
  }

  /** An SSLSocket under Thrift's TSocket on both ends, from the kit's PEM files. */
  @Override
  public boolean supportsTls() {
    return true;
  }

  /**
   * libthrift's {@code TZlibTransport} over the framed transport (zlib, not gzip: a zlib stream,
   * sync-flushed per message): the client compresses its requests, the server reads the first
   * frame's first byte and answers a zlib connection in kind ({@link InKindTransport}), so nothing
   * on the server's command line.
   */
  @Override
  public java.util.List<String> compressions() {
    return java.util.List.of(ZlibFramedTransport.CODEC);
  }
}
