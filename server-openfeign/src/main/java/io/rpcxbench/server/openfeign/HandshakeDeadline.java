package io.rpcxbench.server.openfeign;

import java.nio.channels.SocketChannel;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.coyote.http11.Http11NioProtocol;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.NioEndpoint;
import org.apache.tomcat.util.net.SecureNioChannel;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.env.Environment;

/**
 * The kit's {@code --handshake-deadline} on Tomcat, which has none: its {@code connection-timeout}
 * bounds each wait for a handshake's bytes, so a ClientHello trickled a byte at a time held its
 * connection (and, at {@code max-connections}, everyone else's) for as long as the client went on
 * (issue 48). Tomcat's NIO protocol with an endpoint that, for each accepted TLS connection, closes
 * it at the deadline if its handshake is not complete by then.
 *
 * <pre>{@code
 * --rpcxbench.handshake-deadline-ms=10000   // 0: none; set from the kit's limits
 * }</pre>
 */
final class HandshakeDeadline implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {
  /** The kit's handshake deadline, in ms (0: none). */
  static final String PROPERTY = "rpcxbench.handshake-deadline-ms";

  private final long deadlineMs;

  HandshakeDeadline(Environment environment) {
    this.deadlineMs = environment.getProperty(PROPERTY, Long.class, 0L);
  }

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    if (deadlineMs <= 0) {
      return;
    }
    factory.setProtocol(Protocol.class.getName());
    factory.addConnectorCustomizers(
        connector -> {
          if (connector.getProtocolHandler() instanceof Protocol protocol) {
            protocol.endpoint.deadlineMs = deadlineMs;
          }
        });
  }

  /** Tomcat's HTTP/1.1 NIO protocol on {@link Endpoint}; Tomcat makes it by its class name. */
  public static final class Protocol extends Http11NioProtocol {
    private final Endpoint endpoint;

    public Protocol() {
      this(new Endpoint());
    }

    private Protocol(Endpoint endpoint) {
      super(endpoint);
      this.endpoint = endpoint;
    }
  }

  /** Tomcat's NIO endpoint, with a timer per accepted TLS connection. */
  static final class Endpoint extends NioEndpoint {
    /** Timers only close sockets: one daemon thread for every connection. */
    private static final ScheduledThreadPoolExecutor TIMERS = timers();

    volatile long deadlineMs;

    @Override
    protected boolean setSocketOptions(SocketChannel socket) {
      boolean registered = super.setSocketOptions(socket);
      long deadline = deadlineMs;
      if (registered && deadline > 0 && isSSLEnabled()) {
        SocketWrapperBase<NioChannel> wrapper = connections.get(socket);
        if (wrapper != null) {
          TIMERS.schedule(() -> closeUnlessShaken(wrapper), deadline, TimeUnit.MILLISECONDS);
        }
      }
      return registered;
    }

    private static void closeUnlessShaken(SocketWrapperBase<NioChannel> wrapper) {
      if (wrapper.isClosed()) {
        return; // done, or closed already (its channel may serve another connection by now)
      }
      if (wrapper.getSocket() instanceof SecureNioChannel tls && !tls.isHandshakeComplete()) {
        wrapper.close();
      }
    }

    private static ScheduledThreadPoolExecutor timers() {
      ScheduledThreadPoolExecutor timers =
          new ScheduledThreadPoolExecutor(
              1,
              task -> {
                Thread t = new Thread(task, "tomcat-handshake-deadline");
                t.setDaemon(true);
                return t;
              });
      timers.setRemoveOnCancelPolicy(true);
      return timers;
    }
  }
}
