package io.rpcxbench.server.openfeign;

import io.rpcxbench.spi.ClientOptions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The HTTP client under the {@code @FeignClient}: Feign's default, or the pooled Apache HttpClient
 * 5 that Spring Cloud OpenFeign documents for production. Both are on the classpath, so each says
 * explicitly whether HttpClient 5 is used.
 */
enum FeignHttp {
  /**
   * {@code feign.Client.Default}: the JDK's {@code HttpURLConnection} and its keep-alive cache (at
   * most {@code http.maxConnections}, 5, idle connections per server). The paper's client.
   */
  DEFAULT {
    @Override
    Map<String, Object> properties(ClientOptions options) {
      return Map.of(HC5_ENABLED, false);
    }

    @Override
    String describe(ClientOptions options) {
      return "";
    }
  },

  /**
   * {@code ApacheHttp5Client} on a connection pool that holds at least one connection per load
   * thread (Spring Cloud's defaults, 200 in all and 50 per server, are kept where they are larger),
   * its socket and connect timeouts set to the harness's.
   */
  POOLED_HC5 {
    @Override
    Map<String, Object> properties(ClientOptions options) {
      Map<String, Object> p = new LinkedHashMap<>();
      p.put(HC5_ENABLED, true);
      p.put(HTTPCLIENT + ".max-connections", maxConnections(options));
      p.put(HTTPCLIENT + ".max-connections-per-route", perRoute(options));
      p.put(HTTPCLIENT + ".connection-timeout", options.connectTimeout().toMillis());
      p.put(HTTPCLIENT + ".hc5.socket-timeout", options.callTimeout().toMillis());
      p.put(HTTPCLIENT + ".hc5.socket-timeout-unit", "milliseconds");
      return p;
    }

    @Override
    String describe(ClientOptions options) {
      return " (pool of " + perRoute(options) + " connections per server)";
    }
  };

  private static final String HTTPCLIENT = "spring.cloud.openfeign.httpclient";
  private static final String HC5_ENABLED = HTTPCLIENT + ".hc5.enabled";
  private static final int SPRING_MAX_CONNECTIONS = 200;
  private static final int SPRING_PER_ROUTE = 50;

  /** Spring properties that select and size this client. */
  abstract Map<String, Object> properties(ClientOptions options);

  /** What the client description adds for this choice (empty for the default). */
  abstract String describe(ClientOptions options);

  static int maxConnections(ClientOptions options) {
    return Math.max(SPRING_MAX_CONNECTIONS, options.threads());
  }

  static int perRoute(ClientOptions options) {
    return Math.max(SPRING_PER_ROUTE, options.threads());
  }
}
