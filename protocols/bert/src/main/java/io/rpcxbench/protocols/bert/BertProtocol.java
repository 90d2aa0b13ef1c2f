package io.rpcxbench.protocols.bert;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/**
 * BERT-RPC (type 13) as a harness protocol: {@code {call, bench, Function, Args}} in Erlang's
 * external term format (jinterface), 4-byte length-prefixed frames, one blocking socket per calling
 * thread.
 *
 * <pre>{@code
 * try (BenchClient client = new BertProtocol().open(
 *     new ClientOptions("10.0.0.2", 8093, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world"
 * }
 * }</pre>
 */
public final class BertProtocol implements MessageCarrier {
  static final String ID = "bert";
  static final int PORT = 8093;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "BERT-RPC";
  }

  @Override
  public int type() {
    return 13;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar("protocols/bert/target/bert-server.jar");
  }

  /** A user's record as Erlang terms, {@code bench:message/2} (BertMessageClient, RecordTerms). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return new BertMessageClient(new BertClient(options), type);
  }

  @Override
  public MessageCodec codec() {
    return BertCodec.INSTANCE;
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return new BertClient(options);
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return StackVersions.of("bert").describe("jinterface", "netty-handler");
  }

  /** Over TLS: the client's JDK {@code SSLSocket}, the server's Netty {@code SslHandler}. */
  @Override
  public boolean supportsTls() {
    return true;
  }
}
