package io.rpcxbench.message;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.MessageSupport;
import io.rpcxbench.spi.ProtocolProvider;

/**
 * A protocol that carries a user's own message: its provider implements this instead of {@link
 * ProtocolProvider}, and so declares {@link #messages()} yes. Its client encodes the message with
 * the protocol's own library from the schema given at run time; its server (started with the kit's
 * {@code --message FILE.proto:Name}) decodes and re-encodes it.
 *
 * <pre>{@code
 * public final class GrpcProtocol implements MessageCarrier {
 *   ...
 *   public MessageClient openMessages(ClientOptions options, Descriptor type) {
 *     return GrpcMessageClient.open(options, type);
 *   }
 *   public MessageCodec codec() {
 *     return MessageCodec.PROTOBUF;
 *   }
 * }
 * }</pre>
 */
public interface MessageCarrier extends ProtocolProvider {
  @Override
  default MessageSupport messages() {
    return MessageSupport.carriedHere();
  }

  /**
   * The client for messages of this type, built the way the protocol's users would, once per
   * protocol JVM; it may connect lazily.
   */
  MessageClient openMessages(ClientOptions options, Descriptor type);

  /** How this protocol writes a message as its body, by its own library; the provenance's sizes. */
  MessageCodec codec();
}
