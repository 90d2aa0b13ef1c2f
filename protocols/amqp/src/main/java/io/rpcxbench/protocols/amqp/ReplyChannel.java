package io.rpcxbench.protocols.amqp;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.RpcClient;
import com.rabbitmq.client.RpcClientParams;
import java.io.IOException;
import java.util.concurrent.TimeoutException;

/**
 * One calling thread's channel on the shared connection, with amqp-client's own {@link RpcClient}
 * on it: publishes a request to the request queue (mandatory, so a missing queue fails the call at
 * once instead of at the timeout) and waits for the reply with the same correlation id. Replies
 * come by direct reply-to where the broker has it, else through an exclusive, server-named queue of
 * this channel. Not thread-safe: one call at a time.
 */
final class ReplyChannel implements AutoCloseable {
  /** RabbitMQ's pseudo-queue for direct reply-to: no queue, the reply goes to this channel. */
  static final String DIRECT_REPLY_TO = "amq.rabbitmq.reply-to";

  private final Connection connection;
  private final Channel channel;
  private final RpcClient rpc;

  private ReplyChannel(Connection connection, Channel channel, RpcClient rpc) {
    this.connection = connection;
    this.channel = channel;
    this.rpc = rpc;
  }

  static ReplyChannel open(Connection connection, boolean directReplyTo, int timeoutMs)
      throws IOException {
    Channel channel = connection.createChannel();
    try {
      String replyTo = directReplyTo ? DIRECT_REPLY_TO : channel.queueDeclare().getQueue();
      RpcClient rpc =
          new RpcClient(
              new RpcClientParams()
                  .channel(channel)
                  .exchange("")
                  .routingKey(AmqpWire.REQUEST_QUEUE)
                  .replyTo(replyTo)
                  .timeout(timeoutMs)
                  .useMandatory());
      return new ReplyChannel(connection, channel, rpc);
    } catch (IOException | RuntimeException e) {
      abort(channel);
      throw e;
    }
  }

  /** Open, and on the connection that is current: else the thread needs a fresh one. */
  boolean usableOn(Connection current) {
    return connection == current && channel.isOpen();
  }

  /**
   * @throws TimeoutException no reply within the timeout
   * @throws IOException the publish failed
   * @throws com.rabbitmq.client.ShutdownSignalException the channel or connection closed while
   *     waiting (at once, not at the timeout)
   * @throws com.rabbitmq.client.UnroutableRpcRequestException no request queue (no server)
   */
  RpcClient.Response call(String method, byte[] body) throws IOException, TimeoutException {
    return rpc.doCall(new AMQP.BasicProperties.Builder().type(method).build(), body);
  }

  @Override
  public void close() {
    abort(channel);
  }

  private static void abort(Channel channel) {
    try {
      channel.abort();
    } catch (IOException | RuntimeException e) {
      // closing anyway
    }
  }
}
