package io.rpcxbench.server.rpcx;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.rpcx.RpcxClientFactory;
import io.rpcxbench.rpcx.RpcxException;
import io.rpcxbench.rpcx.Transport;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.TlsContexts;
import java.util.concurrent.CompletableFuture;

/**
 * RPCX's client for a user's message: a {@link RpcxClientFactory} proxy of {@link MessageService}
 * built as the bench client's (one connection, the transport and write coalescing of the variant),
 * the record's protobuf bytes as the parameter, the reply parsed into a {@link DynamicMessage}.
 */
final class RpcxMessageClient implements MessageClient {
  private final RpcxClientFactory clients;
  private final MessageService service;
  private final AsyncMessageService async;
  private final Descriptor type;
  private final String description;

  private RpcxMessageClient(RpcxClientFactory clients, Descriptor type, String description) {
    this.clients = clients;
    this.service = clients.create(MessageService.class);
    this.async = clients.create(AsyncMessageService.class);
    this.type = type;
    this.description = description;
  }

  static RpcxMessageClient open(
      ClientOptions options, Descriptor type, Transport transport, boolean coalesceWrites) {
    RpcxClientFactory.Builder builder = RpcxClientFactory.builder();
    ClientTls tls = options.tlsSettings().orElse(null);
    if (tls != null) {
      builder.tls(TlsContexts.client(tls.ca(), tls.cert(), tls.key()));
    }
    RpcxClientFactory clients =
        builder
            .property("rpcx.host", options.host())
            .property("rpcx.port", String.valueOf(options.port()))
            .callTimeout(options.callTimeout())
            .connectTimeout(options.connectTimeout())
            .connectionsPerAddress(1)
            .transport(transport)
            .coalesceWrites(coalesceWrites)
            .build();
    return new RpcxMessageClient(
        clients,
        type,
        "rpcx: RpcxClientFactory proxy of MessageService (the "
            + type.getFullName()
            + " DynamicMessage's bytes as a byte[] parameter), 1 connection, "
            + transport
            + (coalesceWrites ? ", writes coalesced" : ", one write and flush per call")
            + (tls == null ? "" : ", " + tls.mode() + " (Netty SslHandler, JDK provider)")
            + "; async: AsyncMessageService's CompletableFuture methods");
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    byte[] body = record.toByteArray();
    byte[] answer =
        switch (reply) {
          case ECHO -> service.echo(body);
          case ACK -> service.ack(body);
          case SMALL -> service.small(body);
        };
    return parse(answer, reply);
  }

  /** RPCX's own futures: {@link AsyncMessageService} on the same connection. */
  @Override
  public boolean isAsync() {
    return true;
  }

  @Override
  public CompletableFuture<Message> callAsync(Message record, MessageReply reply) {
    byte[] body = record.toByteArray();
    CompletableFuture<byte[]> answer;
    try {
      answer =
          switch (reply) {
            case ECHO -> async.echo(body);
            case ACK -> async.ack(body);
            case SMALL -> async.small(body);
          };
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return answer.thenApply(bytes -> parse(bytes, reply));
  }

  private Message parse(byte[] answer, MessageReply reply) {
    try {
      return DynamicMessage.parseFrom(reply.replyType(type), answer);
    } catch (InvalidProtocolBufferException e) {
      throw new RpcxException(RpcxException.Code.INTERNAL, "reply: " + e.getMessage(), e);
    }
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public void close() {
    clients.close();
  }
}
