package io.rpcxbench.server.openfeign;

import feign.FeignException;
import feign.RetryableException;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.TlsContexts;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.io.HttpClientConnectionManager;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.util.Timeout;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * HTTPS for the {@code @FeignClient}, through its HTTP client's own TLS, from the harness's PEM
 * files: Feign's default client ({@code HttpsURLConnection}) with the files' {@code
 * SSLSocketFactory}; HttpClient 5 with a pool whose TLS strategy is HttpClient's {@link
 * DefaultClientTlsStrategy} of the files' {@code SSLContext}. Both check the server's certificate
 * against the host called; the negotiated session is kept; a TLS failure is one line.
 */
final class FeignTls {
  private final SSLContext context;
  private final String mode;
  private final boolean presentsCertificate;
  private volatile String session;

  private FeignTls(ClientTls tls) {
    this.context = TlsContexts.client(tls.ca(), tls.cert(), tls.key());
    this.mode = tls.mode();
    this.presentsCertificate = tls.presentsCertificate();
  }

  /** Empty for plaintext. */
  static Optional<FeignTls> of(ClientOptions options) {
    return options.tlsSettings().map(FeignTls::new);
  }

  /**
   * Puts the TLS client for {@code http} into the context before it starts: a {@code feign.Client}
   * (the default) or HttpClient 5's connection manager, which Spring Cloud OpenFeign then uses
   * instead of its own.
   */
  void register(ConfigurableApplicationContext spring, FeignHttp http, ClientOptions options) {
    Object bean = http == FeignHttp.DEFAULT ? defaultClient() : hc5ConnectionManager(options);
    spring.getBeanFactory().registerSingleton("rpcxbenchFeignTls", bean);
  }

  /** For the client's description. */
  String describe(FeignHttp http) {
    return ", HTTPS ("
        + mode
        + (http == FeignHttp.DEFAULT
            ? ", HttpsURLConnection with the PEM files' SSLSocketFactory)"
            : ", HttpClient 5's DefaultClientTlsStrategy of the PEM files' SSLContext)");
  }

  Optional<String> session() {
    return Optional.ofNullable(session);
  }

  /** Feign's failure with a TLS error in its causes as one line, keeping its type; else as is. */
  RuntimeException explained(RuntimeException e) {
    Optional<String> line =
        TlsContexts.handshakeFailure(e)
            .or(
                () ->
                    presentsCertificate || !(e instanceof RetryableException)
                        ? Optional.empty()
                        : TlsContexts.closedWithoutCertificate(e));
    if (line.isEmpty()) {
      return e;
    }
    if (e instanceof FeignException f && f.request() != null) {
      return new RetryableException(
          f.status(), line.get(), f.request().httpMethod(), e, (Long) null, f.request());
    }
    return new IllegalStateException(line.get(), e);
  }

  private feign.Client defaultClient() {
    return new feign.Client.Default(
        new SessionRecordingSocketFactory(
            context.getSocketFactory(), s -> session = TlsContexts.describe(s)),
        null); // null: HttpsURLConnection's own host name check
  }

  private HttpClientConnectionManager hc5ConnectionManager(ClientOptions options) {
    return PoolingHttpClientConnectionManagerBuilder.create()
        .setTlsSocketStrategy(
            new DefaultClientTlsStrategy(context) {
              @Override
              protected void verifySession(String hostname, SSLSession s) throws SSLException {
                super.verifySession(hostname, s);
                session = TlsContexts.describe(s);
              }
            })
        .setMaxConnTotal(FeignHttp.maxConnections(options))
        .setMaxConnPerRoute(FeignHttp.perRoute(options))
        .setDefaultSocketConfig(
            SocketConfig.custom()
                .setSoTimeout(Timeout.ofMilliseconds(options.callTimeout().toMillis()))
                .build())
        .build();
  }
}
