package io.rpcxbench.server.openfeign;

import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.env.Environment;

/**
 * Tomcat's upload timeout: while a request thread reads a body, each read waits at most {@value
 * #DEFAULT_UPLOAD_TIMEOUT_MS} ms for bytes ({@code disableUploadTimeout=false}, {@code
 * connectionUploadTimeout}), instead of the connection timeout's 30 s. Issue 30: 300 connections
 * announcing a 1 MiB body and sending 4 bytes held every one of Tomcat's 200 request threads for 30
 * s. (A sender that trickles a byte within each wait is cut by {@link RequestBodyLimit}'s deadline
 * for the whole body.)
 */
final class SlowBodyDefence implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {
  /** A wait no honest sender makes: even at 1 Mbit/s a body's bytes come every few ms. */
  static final long DEFAULT_UPLOAD_TIMEOUT_MS = 5_000;

  /** The read wait for body bytes, in ms (at most the kit's frame deadline). */
  static final String UPLOAD_TIMEOUT_PROPERTY = "rpcxbench.upload-timeout-ms";

  private final long uploadTimeoutMs;

  SlowBodyDefence(Environment environment) {
    this.uploadTimeoutMs =
        environment.getProperty(UPLOAD_TIMEOUT_PROPERTY, Long.class, DEFAULT_UPLOAD_TIMEOUT_MS);
  }

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    if (uploadTimeoutMs <= 0) {
      return;
    }
    factory.addConnectorCustomizers(
        connector -> {
          connector.setProperty("disableUploadTimeout", "false");
          connector.setProperty("connectionUploadTimeout", String.valueOf(uploadTimeoutMs));
        });
  }
}
