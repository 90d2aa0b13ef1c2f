package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerTls;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A running HTTP/JSON server of the benchmark service ({@code POST /hello}, {@code /echo}, {@code
 * /put}, {@code /items}), the server that the OpenFeign and http-json clients call: a Spring Boot
 * application in this JVM.
 *
 * <pre>{@code
 * try (OpenFeignBenchServer server = OpenFeignBenchServer.start("127.0.0.1", 0)) {
 *   URI hello = URI.create("http://127.0.0.1:" + server.port() + "/hello");
 *   ...
 * }
 * }</pre>
 *
 * <p>The application reads {@code server-openfeign.properties} rather than {@code
 * application.properties}, so a host application's own configuration on the same class path does
 * not leak into it.
 */
public final class OpenFeignBenchServer implements RunningServer {
  static final String CONFIG_NAME = "server-openfeign";
  static final String DEFAULT_BIND = "0.0.0.0";

  private final ConfigurableApplicationContext context;
  private final String bindAddress;
  private final int port;

  private OpenFeignBenchServer(ConfigurableApplicationContext context) {
    this.context = context;
    this.bindAddress = context.getEnvironment().getProperty("server.address", DEFAULT_BIND);
    this.port = ((WebServerApplicationContext) context).getWebServer().getPort();
  }

  /**
   * Starts the application and returns once it is ready to serve.
   *
   * @param bindAddress address to listen on ({@code 0.0.0.0} for all)
   * @param port TCP port, {@code 0} for a random free one (read it back with {@link #port()})
   * @throws RuntimeException what Spring Boot throws when the application cannot start, e.g. {@code
   *     PortInUseException} in its cause chain
   */
  public static OpenFeignBenchServer start(String bindAddress, int port) {
    return start(List.of("--server.address=" + bindAddress, "--server.port=" + port), Map.of());
  }

  /**
   * Starts the application serving HTTPS only (Tomcat's TLS through Spring Boot's PEM SSL bundle),
   * mTLS when {@code tls} has a client CA; plaintext when {@code tls} is null.
   */
  public static OpenFeignBenchServer start(String bindAddress, int port, ServerTls tls) {
    return start(
        List.of("--server.address=" + bindAddress, "--server.port=" + port), tlsProperties(tls));
  }

  /**
   * The kit's TLS as Spring Boot properties: a PEM SSL bundle {@code bench} (the server's
   * certificate and key, and for mTLS the client CA as its trust store) that Tomcat's connector
   * uses, {@code server.ssl.client-auth=need} for mTLS. Empty for plaintext.
   */
  static Map<String, Object> tlsProperties(ServerTls tls) {
    Map<String, Object> p = new HashMap<>();
    if (tls == null) {
      return p;
    }
    String bundle = "spring.ssl.bundle.pem.bench.";
    p.put(bundle + "keystore.certificate", "file:" + tls.cert().toAbsolutePath());
    p.put(bundle + "keystore.private-key", "file:" + tls.key().toAbsolutePath());
    p.put("server.ssl.bundle", "bench");
    if (tls.mutual()) {
      p.put(bundle + "truststore.certificate", "file:" + tls.clientCa().toAbsolutePath());
      p.put("server.ssl.client-auth", "need");
    }
    return p;
  }

  /**
   * Starts with Spring Boot command-line arguments and extra default properties, e.g. {@code
   * List.of("--server.port=0", "--server.compression.enabled=true")}.
   */
  public static OpenFeignBenchServer start(List<String> springArgs, Map<String, Object> defaults) {
    return start(springArgs, defaults, new BenchLogic());
  }

  /** As {@link #start(List, Map)}, serving the server kit's service (the controller's bean). */
  static OpenFeignBenchServer start(
      List<String> springArgs, Map<String, Object> defaults, BenchService service) {
    SpringApplication app = new SpringApplication(OpenFeignBenchApplication.class);
    app.addInitializers(
        context -> context.getBeanFactory().registerSingleton("benchService", service));
    app.setMainApplicationClass(OpenFeignBenchApplication.class);
    app.setBannerMode(Banner.Mode.OFF);
    // The owner stops it: the server kit's shutdown hook in main, close() in tests.
    app.setRegisterShutdownHook(false);
    Map<String, Object> properties = new HashMap<>(defaults);
    properties.putIfAbsent("spring.config.name", CONFIG_NAME);
    app.setDefaultProperties(properties);
    return new OpenFeignBenchServer(app.run(springArgs.toArray(String[]::new)));
  }

  /** The port actually bound. */
  @Override
  public int port() {
    return port;
  }

  /** The address listened on ({@code server.address}, or {@code 0.0.0.0} when unset). */
  public String bindAddress() {
    return bindAddress;
  }

  /** Whether the application context is still running. */
  public boolean isRunning() {
    return context.isRunning();
  }

  /** Graceful stop: requests in flight finish, then Tomcat and the context close. Idempotent. */
  @Override
  public void close() {
    context.close();
  }
}
