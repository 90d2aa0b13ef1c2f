package io.rpcxbench.period.client;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Spring Cloud OpenFeign as server-openfeign's {@code OpenFeignBenchClient} (the harness's {@code
 * openfeign}) sets it up: a {@code @FeignClient} interface in a non-web Spring Boot context,
 * Jackson, Feign's default HTTP client (the JDK's HttpURLConnection), only the timeouts set.
 */
final class FeignHelloCaller implements HelloCaller {
  static final String CLIENT_NAME = "bench";
  static final String URL_PROPERTY = "rpcxbench.period.url";
  private static final long CONNECT_TIMEOUT_MS = 5_000;
  private static final long READ_TIMEOUT_MS = 30_000;

  /** Spring Cloud 2021 (OpenFeign 3.1) reads feign.*, 2022 and later spring.cloud.openfeign.*. */
  private static final String[] PREFIXES = {"feign", "spring.cloud.openfeign"};

  private final ConfigurableApplicationContext context;
  private final HelloFeignClient feign;

  FeignHelloCaller(String host, int port) {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put(URL_PROPERTY, "http://" + host + ":" + port);
    for (String prefix : PREFIXES) {
      String config = prefix + ".client.config." + CLIENT_NAME;
      properties.put(config + ".connect-timeout", CONNECT_TIMEOUT_MS);
      properties.put(config + ".read-timeout", READ_TIMEOUT_MS);
      // Feign's default client, as the harness's openfeign (it says so explicitly too)
      properties.put(prefix + ".httpclient.enabled", false);
      properties.put(prefix + ".httpclient.hc5.enabled", false);
      properties.put(prefix + ".okhttp.enabled", false);
    }
    // Load no application.properties (logging: logback.xml, warnings to stderr).
    properties.put("spring.config.name", "rpcxbench-period-client-no-config");
    this.context =
        new SpringApplicationBuilder(FeignCallerApplication.class)
            .web(WebApplicationType.NONE)
            .bannerMode(Banner.Mode.OFF)
            .logStartupInfo(false)
            .registerShutdownHook(false)
            .properties(properties)
            .run();
    this.feign = context.getBean(HelloFeignClient.class);
  }

  @Override
  public String hello(String name) {
    HelloBody.Reply reply = feign.hello(new HelloBody.Request(name));
    return reply == null ? null : reply.getMessage();
  }

  @Override
  public String describe() {
    String[] clients = context.getBeanNamesForType(feign.Client.class);
    String client =
        clients.length == 0
            ? "feign.Client.Default"
            : context.getBean(clients[0]).getClass().getName();
    return "Spring Cloud OpenFeign: @FeignClient on "
        + client
        + " in a non-web Spring Boot context, Jackson, connect-timeout "
        + CONNECT_TIMEOUT_MS
        + " ms, read-timeout "
        + READ_TIMEOUT_MS
        + " ms";
  }

  @Override
  public void close() {
    context.close();
  }
}
