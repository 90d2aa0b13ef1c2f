package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.Item;
import io.rpcxbench.server.openfeign.json.EchoBody;
import io.rpcxbench.server.openfeign.json.HelloBody;
import io.rpcxbench.server.openfeign.json.ItemsBody;
import io.rpcxbench.server.openfeign.json.PutBody;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Supplier;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Spring Cloud OpenFeign as its users write it: a {@code @FeignClient} interface in a Spring Boot
 * context (non-web here) and Jackson, on Feign's default HTTP client or the pooled Apache
 * HttpClient 5 ({@link FeignHttp}). Only the timeouts and the pool are set. Errors are Feign's own
 * ({@code FeignException.UnprocessableEntity} for a refused argument, {@code RetryableException}
 * for a connection failure).
 */
final class OpenFeignBenchClient implements BenchClient {
  static final String CLIENT_NAME = "bench";
  static final String URL_PROPERTY = "rpcxbench.openfeign.url";
  private static final String CLIENT_CONFIG = "spring.cloud.openfeign.client.config." + CLIENT_NAME;

  private final ConfigurableApplicationContext context;
  private final BenchFeignClient feign;
  private final String description;
  private final FeignTls tls;

  private OpenFeignBenchClient(
      ConfigurableApplicationContext context, String description, FeignTls tls) {
    this.context = context;
    this.tls = tls;
    this.feign = context.getBean(BenchFeignClient.class);
    this.description = description;
  }

  static OpenFeignBenchClient open(ClientOptions options) {
    return open(options, FeignHttp.DEFAULT);
  }

  static OpenFeignBenchClient open(ClientOptions options, FeignHttp http) {
    Map<String, Object> properties = new LinkedHashMap<>(http.properties(options));
    FeignTls tls = FeignTls.of(options).orElse(null);
    properties.put(URL_PROPERTY, (tls == null ? "http://" : "https://") + options.target());
    properties.put(CLIENT_CONFIG + ".connect-timeout", options.connectTimeout().toMillis());
    properties.put(CLIENT_CONFIG + ".read-timeout", options.callTimeout().toMillis());
    if (options.compresses()) {
      properties.putAll(FeignGzip.PROPERTIES);
    }
    // Load no application.properties (not the working directory's, not a test jar's).
    properties.put("spring.config.name", "rpcxbench-openfeign-client-no-config");
    properties.put("spring.main.banner-mode", "off");
    if (!hostConfiguresLogging()) {
      // In a chain's gateway (server-openfeign-gateway.jar) this context starts before the
      // server's: Spring Boot's default would log to stdout ahead of the ready line.
      properties.put("logging.config", OpenFeignServerMain.LOGBACK_STDERR);
    }
    ConfigurableApplicationContext context =
        new SpringApplicationBuilder(OpenFeignClientApplication.class)
            .web(WebApplicationType.NONE)
            .bannerMode(Banner.Mode.OFF)
            .logStartupInfo(false)
            .registerShutdownHook(false)
            .properties(properties)
            .initializers(
                spring -> {
                  if (tls != null) {
                    tls.register(spring, http, options);
                  }
                })
            .run();
    Properties versions = versions();
    String description =
        "Spring Cloud "
            + versions.getProperty("spring-cloud.version")
            + " OpenFeign"
            + " on Spring Boot "
            + versions.getProperty("spring-boot.version")
            + ": @FeignClient on "
            + feignClientName(context)
            + http.describe(options)
            + ", Jackson, connect-timeout "
            + options.connectTimeout().toMillis()
            + " ms, read-timeout "
            + options.callTimeout().toMillis()
            + " ms"
            + (options.compresses() ? FeignGzip.describe(http) : "")
            + (tls == null ? "" : tls.describe(http));
    return new OpenFeignBenchClient(context, description, tls);
  }

  /** Whether the host application brings its own Logback file (the harness: logback.xml). */
  private static boolean hostConfiguresLogging() {
    ClassLoader loader = OpenFeignBenchClient.class.getClassLoader();
    return loader.getResource("logback.xml") != null
        || loader.getResource("logback-test.xml") != null;
  }

  private static Properties versions() {
    Properties versions = new Properties();
    try (InputStream in =
        OpenFeignBenchClient.class.getResourceAsStream("client-versions.properties")) {
      if (in != null) {
        versions.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return versions;
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
    HelloBody.Reply reply = call(() -> feign.hello(new HelloBody.Request(name)));
    return reply == null ? null : reply.message();
  }

  @Override
  public byte[] echo(byte[] payload) {
    EchoBody reply = call(() -> feign.echo(new EchoBody(payload)));
    return reply == null ? null : reply.payload();
  }

  @Override
  public boolean put(String key, byte[] value) {
    PutBody.Reply reply = call(() -> feign.put(new PutBody.Request(key, value)));
    return reply != null && reply.ok();
  }

  @Override
  public List<Item> items(int n) {
    ItemsBody.Reply reply = call(() -> feign.items(new ItemsBody.Request(n)));
    return reply == null ? null : reply.items();
  }

  /** A user's message as JSON text through the same Feign client (OpenFeignMessageClient). */
  String message(String reply, String json) {
    return call(() -> feign.message(reply, json));
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public Optional<String> tlsSession() {
    return tls == null ? Optional.empty() : tls.session();
  }

  /** One call; with TLS, a TLS failure as one line. */
  private <T> T call(Supplier<T> call) {
    try {
      return call.get();
    } catch (RuntimeException e) {
      throw tls == null ? e : tls.explained(e);
    }
  }

  @Override
  public void close() {
    context.close();
  }
}
