package io.rpcxbench.server.openfeign;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

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
  SlowBodyDefence.class,
  RefusedBodyClose.class,
  HandshakeDeadline.class
})
@PropertySource("classpath:io/rpcxbench/server/openfeign/server-defaults.properties")
class OpenFeignBenchApplication {
  /**
   * The slow-body defence first of all filters, on the request and on the dispatch after its body
   * arrived ({@link BodyReadAhead}).
   */
  @Bean
  static FilterRegistrationBean<BodyReadAhead> bodyReadAhead(Environment environment) {
    FilterRegistrationBean<BodyReadAhead> r =
        new FilterRegistrationBean<>(new BodyReadAhead(environment));
    r.setOrder(Ordered.HIGHEST_PRECEDENCE);
    r.setDispatcherTypes(
        jakarta.servlet.DispatcherType.REQUEST, jakarta.servlet.DispatcherType.ASYNC);
    r.setAsyncSupported(true);
    return r;
  }

  /**
   * gzip in kind ({@link GzipInKind}) right after the slow-body defence, so it inflates the body
   * that was read ahead, on whichever dispatch reaches Spring MVC.
   */
  @Bean
  static FilterRegistrationBean<GzipInKind> gzipInKind(Environment environment) {
    FilterRegistrationBean<GzipInKind> r =
        new FilterRegistrationBean<>(new GzipInKind(environment));
    r.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
    r.setDispatcherTypes(
        jakarta.servlet.DispatcherType.REQUEST, jakarta.servlet.DispatcherType.ASYNC);
    r.setAsyncSupported(true);
    return r;
  }
}
