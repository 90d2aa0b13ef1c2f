package io.rpcxbench.period.openfeign;

import io.rpcxbench.period.BenchCalls;
import io.rpcxbench.period.ServerArgs;
import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * {@code java -jar openfeign-2022.jar [--bind 127.0.0.1] [--port 8083]}: server-openfeign's four
 * endpoints on Spring Boot 2.7.18 (Spring MVC 5.3, Tomcat 9, Jackson 2.13), every setting at Spring
 * Boot's default. Prints {@code openfeign-2022 listening on ADDR:PORT} when ready; stops on SIGTERM
 * (Spring Boot's shutdown hook).
 */
@SpringBootApplication
public class OpenFeignServer2022 {
  static final String NAME = "openfeign-2022";

  @Bean
  BenchCalls benchCalls() {
    return new BenchCalls();
  }

  public static void main(String[] args) {
    ServerArgs options = ServerArgs.parse(NAME, 8083, args);
    SpringApplication app = new SpringApplication(OpenFeignServer2022.class);
    app.setBannerMode(Banner.Mode.OFF);
    Map<String, Object> properties = new HashMap<>();
    properties.put("server.address", options.bind());
    properties.put("server.port", options.port());
    // Load no application.properties from the working directory.
    properties.put("spring.config.name", NAME);
    app.setDefaultProperties(properties);
    ConfigurableApplicationContext context = app.run();
    int port = ((WebServerApplicationContext) context).getWebServer().getPort();
    System.out.println(ServerArgs.readyLine(NAME, options.bind(), port));
  }
}
