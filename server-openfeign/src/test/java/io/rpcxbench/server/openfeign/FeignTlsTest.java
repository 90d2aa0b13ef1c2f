package io.rpcxbench.server.openfeign;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.tls.TlsContexts;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class FeignTlsTest {
  @Test
  void aBodyHttpsUrlConnectionCouldNotWriteAsksWhetherTheServerRequiresACertificate() {
    RuntimeException failure =
        new RuntimeException(
            "Error writing request body to server executing POST https://127.0.0.1:1/hello",
            new IOException(TlsContexts.URL_CONNECTION_WRITE_FAILED));

    assertThat(TlsContexts.closedWithoutCertificate(failure))
        .hasValueSatisfying(
            line ->
                assertThat(line)
                    .contains(TlsContexts.URL_CONNECTION_WRITE_FAILED)
                    .endsWith(TlsContexts.CERTIFICATE_QUESTION));
  }

  @Test
  void anyOtherFailureIsLeftAsItIs() {
    assertThat(
            TlsContexts.closedWithoutCertificate(
                new RuntimeException(new IOException("Connection refused"))))
        .isEmpty();
  }
}
