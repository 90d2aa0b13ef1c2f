package io.rpcxbench.server.openfeign;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;

/**
 * The Spring Boot application: Spring MVC on Tomcat with Jackson, Spring Boot's defaults. Its beans
 * are imported by name, not scanned, because the OpenFeign client's configuration lives in the same
 * package. The few settings it needs sit in {@code server-defaults.properties} next to this class
 * (lowest precedence, so {@code --spring.prop=} arguments still override them).
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import({
  BenchController.class,
  MessageController.class,
  BenchProblems.class,
  RequestBodyLimit.class,
  SlowBodyDefence.class
})
@PropertySource("classpath:io/rpcxbench/server/openfeign/server-defaults.properties")
class OpenFeignBenchApplication {}
