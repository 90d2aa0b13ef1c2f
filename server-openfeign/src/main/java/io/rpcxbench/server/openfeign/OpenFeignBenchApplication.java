package io.rpcxbench.server.openfeign;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.PropertySource;

/**
 * The Spring Boot application: Spring MVC on Tomcat with Jackson, Spring Boot's defaults. The
 * few settings it needs sit in {@code server-defaults.properties} next to this class (lowest
 * precedence, so {@code --server.port=} and friends still override them).
 */
@SpringBootApplication(proxyBeanMethods = false)
@PropertySource("classpath:io/rpcxbench/server/openfeign/server-defaults.properties")
class OpenFeignBenchApplication {}
