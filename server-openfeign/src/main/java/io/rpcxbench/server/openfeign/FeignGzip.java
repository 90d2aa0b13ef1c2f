package io.rpcxbench.server.openfeign;

import java.util.Map;

/**
 * {@code --compression gzip} for the {@code @FeignClient}, as Spring Cloud OpenFeign documents it:
 * its request interceptor marks every JSON request {@code Content-Encoding: gzip}, which the HTTP
 * client then compresses (Feign's default client through a {@code GZIPOutputStream}, HttpClient 5
 * through its {@code GzipCompressingEntity}), and its response interceptor asks for gzip replies
 * ({@code Accept-Encoding}), which either client inflates by itself. The server answers a gzip
 * request in kind ({@link GzipInKind}).
 */
final class FeignGzip {
  private static final String COMPRESSION = "spring.cloud.openfeign.compression.";

  /**
   * Every request compressed, as gRPC's codec compresses every message (Spring's default threshold
   * of 2048 bytes would leave the small requests, and so their replies, plain), and gzip only: its
   * default {@code gzip, deflate} names a coding the body does not have, which feign-hc5 refuses.
   */
  static final Map<String, Object> PROPERTIES =
      Map.of(
          COMPRESSION + "request.enabled",
          true,
          COMPRESSION + "request.mime-types",
          "application/json",
          COMPRESSION + "request.min-request-size",
          0,
          COMPRESSION + "request.content-encoding-types",
          "gzip",
          COMPRESSION + "response.enabled",
          true);

  private FeignGzip() {}

  /** For the client's description. */
  static String describe(FeignHttp http) {
    return ", gzip both ways (spring.cloud.openfeign.compression: requests compressed by "
        + (http == FeignHttp.DEFAULT ? "Feign's client" : "HttpClient 5's GzipCompressingEntity")
        + ", replies inflated by the client)";
  }
}
