package io.rpcxbench.protocols.javaser;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/** HTTP/1.1 + Java serialization (type 7), Infobip's second protocol, as a harness protocol. */
public final class JavaserProtocol implements MessageCarrier {
  static final String ID = "http-javaser";
  static final int PORT = 8086;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "HTTP/1.1 + Java serialization";
  }

  @Override
  public int type() {
    return 7;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar("protocols/http-javaser/target/http-javaser-server.jar");
  }

  /** A user's message's protobuf bytes in an allow-listed record (JavaserMessageClient). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return new JavaserMessageClient(JavaserClient.open(options), type);
  }

  @Override
  public MessageCodec codec() {
    return JavaserCodec.INSTANCE;
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return JavaserClient.open(options);
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return "java.net.http "
        + Runtime.version()
        + ", server: "
        + StackVersions.of("http-javaser").describe("netty-codec-http");
  }

  /**
   * HTTPS: the JDK HttpClient's TLS against Netty's {@code SslHandler} in front of the server's
   * HTTP codec.
   */
  @Override
  public boolean supportsTls() {
    return true;
  }
}
