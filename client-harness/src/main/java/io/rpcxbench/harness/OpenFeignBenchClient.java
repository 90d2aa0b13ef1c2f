package io.rpcxbench.harness;

import io.rpcxbench.api.json.EchoBody;
import io.rpcxbench.api.json.HelloBody;
import io.rpcxbench.harness.spi.BenchClient;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Spring Cloud OpenFeign as its users write it: a {@code @FeignClient} interface in a Spring Boot
 * context (non-web here), Feign's default client and Jackson. Only the timeouts are set.
 */
final class OpenFeignBenchClient implements BenchClient {
  static final String CLIENT_NAME = "bench";
  static final String URL_PROPERTY = "rpcxbench.openfeign.url";
  private static final String CLIENT_CONFIG = "spring.cloud.openfeign.client.config." + CLIENT_NAME;

  private final ConfigurableApplicationContext context;
  private final BenchFeignClient feign;
  private final String description;

  private OpenFeignBenchClient(ConfigurableApplicationContext context, String description) {
    this.context = context;
    this.feign = context.getBean(BenchFeignClient.class);
    this.description = description;
  }

  static OpenFeignBenchClient open(RunConfig config) {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put(URL_PROPERTY, "http://" + config.target(Protocol.OPENFEIGN));
    properties.put(CLIENT_CONFIG + ".connect-timeout", config.connectTimeout().toMillis());
    properties.put(CLIENT_CONFIG + ".read-timeout", config.timeout().toMillis());
    // Load no application.properties (not the working directory's, not a test jar's).
    properties.put("spring.config.name", "rpcxbench-harness-no-config");
    properties.put("spring.main.banner-mode", "off");
    ConfigurableApplicationContext context =
        new SpringApplicationBuilder(OpenFeignClientApplication.class)
            .web(WebApplicationType.NONE)
            .bannerMode(Banner.Mode.OFF)
            .logStartupInfo(false)
            .registerShutdownHook(false)
            .properties(properties)
            .run();
    String description =
        "Spring Cloud " + BuildInfo.get("spring-cloud.version") + " OpenFeign"
            + " on Spring Boot " + BuildInfo.get("spring-boot.version")
            + ": @FeignClient, default client (" + feignClientName(context)
            + "), Jackson, connect-timeout " + config.connectTimeout().toMillis()
            + " ms, read-timeout " + config.timeout().toMillis() + " ms";
    return new OpenFeignBenchClient(context, description);
  }

  private static String feignClientName(ConfigurableApplicationContext context) {
    String[] clients = context.getBeanNamesForType(feign.Client.class);
    if (clients.length == 0) {
      return "feign.Client.Default";
    }
    return context.getBean(clients[0]).getClass().getName();
  }

  @Override
  public String hello(String name) {
    HelloBody.Reply reply = feign.hello(new HelloBody.Request(name));
    return reply == null ? null : reply.message();
  }

  @Override
  public byte[] echo(byte[] payload) {
    EchoBody reply = feign.echo(new EchoBody(payload));
    return reply == null ? null : reply.payload();
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public void close() {
    context.close();
  }
}
