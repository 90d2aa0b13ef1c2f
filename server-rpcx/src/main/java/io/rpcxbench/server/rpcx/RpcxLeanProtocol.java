package io.rpcxbench.server.rpcx;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.rpcx.Transport;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;

/**
 * The RPCX server of {@code rpcx} (the same jar, the same port) driven by a lean load generator:
 * RPCX's client with write coalescing off, so each call leaves in a write and a flush of its own,
 * as a client in another language that sends one call per request does. Under load {@code rpcx}'s
 * own client packs the calls made at once into one write (~60 calls per server read at 64 in
 * flight); this variant tells the server's cost per call apart from that batching (issue 32).
 */
public final class RpcxLeanProtocol implements MessageCarrier {
  static final String ID = "rpcx-lean";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "RPCX, one write per call";
  }

  @Override
  public int type() {
    return 23;
  }

  @Override
  public int defaultPort() {
    return RpcxProtocol.PORT;
  }

  @Override
  public ServerLaunch server() {
    return new RpcxProtocol().server();
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return RpcxBenchClient.open(options, Transport.NIO, false);
  }

  @Override
  public String stack() {
    return new RpcxProtocol().stack(); // the same server and client libraries as rpcx
  }

  /** Netty's SslHandler on both ends, from the kit's PEM files. */
  @Override
  public boolean supportsTls() {
    return true;
  }

  /** A user's message: its protobuf bytes through MessageService (RpcxMessageClient). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return RpcxMessageClient.open(options, type, Transport.NIO, false);
  }

  @Override
  public MessageCodec codec() {
    return MessageCodec.PROTOBUF;
  }
}
