package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.LibraryLogLines;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.serverkit.ServerTls;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code java -jar server-openfeign.jar [--bind ADDR] [--port 8083] [--spring.property=V ...]}:
 * serves the four calls as JSON over HTTP/1.1 until SIGTERM (the server kit's ready line, exit
 * codes and graceful stop). Spring's log goes to stderr; stdout carries only the ready line.
 */
public final class OpenFeignServerMain {
  static final String LOGBACK_STDERR = "classpath:io/rpcxbench/server/openfeign/logback-stderr.xml";

  /** Spring properties as {@code --name=value}, except the two that --bind and --port set. */
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
              OpenFeignProtocol.ID,
              OpenFeignProtocol.PORT,
              "Serves POST /hello, /echo, /put and /items (JSON over HTTP/1.1, Spring Boot on"
                  + " Tomcat) until SIGTERM.",
              "Other arguments of the form --spring.property=value go to Spring Boot"
                  + " (server.port and server.address: use --port and --bind).",
              "Example: java -jar server-openfeign/target/server-openfeign.jar --port 8083")
          .passingThrough("--(?!server\\.(port|address)=)[A-Za-z0-9][^=]*=.*");

  private OpenFeignServerMain() {}

  public static void main(String[] args) {
    ServerMain.run(DEFINITION, STARTER, args);
  }

  /** How main starts the server: the kit's limits, service and TLS (Tomcat's HTTPS). */
  static final ServerStarter STARTER = ServerStarter.secured(OpenFeignServerMain::start);

  static RunningServer start(String bind, int port, List<String> springProperties) {
    return start(bind, port, springProperties, ServerLimits.defaults());
  }

  /**
   * The server as main starts it, on the kit's limits and service (e.g. one that names a message
   * shape: docs/messages.md), plaintext: for other modules' tests.
   */
  public static RunningServer start(
      String bind, int port, ServerLimits limits, BenchService service) {
    return start(bind, port, List.of(), limits, service, null);
  }

  /** The same over the kit's TLS (Tomcat's HTTPS); {@code tls} null: plaintext. */
  public static RunningServer start(
      String bind, int port, ServerLimits limits, BenchService service, ServerTls tls) {
    return start(bind, port, List.of(), limits, service, tls);
  }

  static RunningServer start(
      String bind, int port, List<String> springProperties, ServerLimits limits) {
    return start(bind, port, springProperties, limits, new BenchLogic());
  }

  static RunningServer start(
      String bind,
      int port,
      List<String> springProperties,
      ServerLimits limits,
      BenchService service) {
    return start(bind, port, springProperties, limits, service, null);
  }

  static RunningServer start(
      String bind,
      int port,
      List<String> springProperties,
      ServerLimits limits,
      BenchService service,
      ServerTls tls) {
    // Tomcat logs a parse error and its stack trace once per connection's processor: a fuzzer's
    // 300 connections made 32 of them (attack table, issue 59)
    LibraryLogLines.route("org.apache.coyote");
    LibraryLogLines.route("org.apache.tomcat");
    List<String> args = new ArrayList<>(springProperties);
    args.add("--server.address=" + bind);
    args.add("--server.port=" + port);
    Map<String, Object> defaults = new HashMap<>(tomcatLimits(limits));
    defaults.put("logging.config", LOGBACK_STDERR);
    defaults.putAll(OpenFeignBenchServer.tlsProperties(tls));
    return OpenFeignBenchServer.start(args, defaults, service);
  }

  /**
   * The kit's limits as Tomcat's own settings (defaults: a {@code --server.tomcat.*=} argument
   * still wins). Tomcat's {@code max-connections} stops accepting at the cap (the backlog queues
   * the rest) rather than closing them; its {@code connection-timeout} bounds each read of a
   * request's head, its upload timeout ({@link SlowBodyDefence}) each read of a body, and the body
   * filter ({@link RequestBodyLimit}) the whole body, to the frame deadline.
   */
  static Map<String, Object> tomcatLimits(ServerLimits limits) {
    Map<String, Object> tomcat = new HashMap<>();
    tomcat.put(
        "server.tomcat.keep-alive-timeout",
        limits.hasIdleTimeout() ? limits.idleTimeout().toMillis() + "ms" : "-1");
    tomcat.put(
        "server.tomcat.connection-timeout",
        limits.hasFrameDeadline() ? limits.frameDeadline().toMillis() + "ms" : "-1");
    tomcat.put(
        "server.tomcat.max-connections", limits.hasMaxConnections() ? limits.maxConnections() : -1);
    tomcat.put("server.tomcat.max-swallow-size", limits.maxFrameBytes() + "B");
    tomcat.put("server.tomcat.max-http-form-post-size", limits.maxFrameBytes() + "B");
    tomcat.put(RequestBodyLimit.MAX_BODY_PROPERTY, (long) limits.maxFrameBytes());
    tomcat.put(
        RequestBodyLimit.BODY_DEADLINE_PROPERTY,
        limits.hasFrameDeadline() ? limits.frameDeadline().toMillis() : 0L);
    tomcat.put(BodyReadAhead.MAX_BUFFERED_PROPERTY, limits.maxBufferedBytes());
    tomcat.put(
        HandshakeDeadline.PROPERTY,
        limits.hasHandshakeDeadline() ? limits.handshakeDeadline().toMillis() : 0L);
    tomcat.put(
        SlowBodyDefence.UPLOAD_TIMEOUT_PROPERTY,
        limits.hasFrameDeadline()
            ? Math.min(SlowBodyDefence.DEFAULT_UPLOAD_TIMEOUT_MS, limits.frameDeadline().toMillis())
            : 0L);
    return tomcat;
  }
}
