package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A wrongly annotated interface or service fails at start-up with a message naming it. */
class AnnotationErrorsTest {
  private final RpcxClientFactory clients =
      RpcxClientFactory.builder().property("test.port", "1").build();

  @AfterEach
  void close() {
    clients.close();
  }

  interface NotAnnotated {
    @RpcxMethod("hello")
    String hello(String name);
  }

  @RpcxClient(service = "s", port = "1")
  interface MissingMethodAnnotation {
    String hello(String name);
  }

  @RpcxClient(service = "s", port = "1")
  interface UnsupportedParameter {
    @RpcxMethod("sum")
    int sum(String label, List<Integer> values);
  }

  @RpcxClient(service = "s", port = "1")
  interface UnsupportedReturn {
    @RpcxMethod("all")
    Map<String, String> all();
  }

  @RpcxClient(service = "s", port = "1")
  interface RawFuture {
    @RpcxMethod("later")
    @SuppressWarnings("rawtypes")
    CompletableFuture later();
  }

  @RpcxClient(service = "s", port = "http")
  interface BadPort {
    @RpcxMethod("hello")
    String hello(String name);
  }

  @RpcxClient(service = "s", port = "${nowhere.port}")
  interface UnresolvedPort {
    @RpcxMethod("hello")
    String hello(String name);
  }

  @RpcxClient(service = "", port = "1")
  interface EmptyService {
    @RpcxMethod("hello")
    String hello(String name);
  }

  @RpcxClient(service = "s", port = "1")
  interface EmptyMethodName {
    @RpcxMethod(" ")
    String hello(String name);
  }

  @Test
  void clientInterfaceErrorsNameTheInterfaceAndMethod() {
    assertThatThrownBy(() -> clients.create(String.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("java.lang.String is not an interface");
    assertThatThrownBy(() -> clients.create(NotAnnotated.class))
        .hasMessage("NotAnnotated: missing @RpcxClient annotation");
    assertThatThrownBy(() -> clients.create(MissingMethodAnnotation.class))
        .hasMessage("MissingMethodAnnotation.hello: missing @RpcxMethod annotation");
    assertThatThrownBy(() -> clients.create(UnsupportedParameter.class))
        .hasMessage(
            "UnsupportedParameter.sum: parameter 2 has unsupported type java.util.List; supported:"
                + " primitives and their boxes, String, byte[], protobuf messages");
    assertThatThrownBy(() -> clients.create(UnsupportedReturn.class))
        .hasMessage(
            "UnsupportedReturn.all: unsupported return type java.util.Map<java.lang.String,"
                + " java.lang.String>; supported: primitives and their boxes, String, byte[],"
                + " protobuf messages, void, or CompletableFuture of those");
    assertThatThrownBy(() -> clients.create(RawFuture.class))
        .hasMessage(
            "RawFuture.later: CompletableFuture must name a concrete result type, e.g."
                + " CompletableFuture<String>");
    assertThatThrownBy(() -> clients.create(BadPort.class))
        .hasMessage("BadPort: port 'http' is not a number in 1..65535");
    assertThatThrownBy(() -> clients.create(UnresolvedPort.class))
        .hasMessage("UnresolvedPort: placeholder ${nowhere.port} has no value and no default");
    assertThatThrownBy(() -> clients.create(EmptyService.class))
        .hasMessage("EmptyService: service name is empty");
    assertThatThrownBy(() -> clients.create(EmptyMethodName.class))
        .hasMessage("EmptyMethodName.hello: method name is empty");
  }

  static final class NoServiceAnnotation {
    @RpcxMethod("hello")
    public String hello(String name) {
      return name;
    }
  }

  @RpcxService("dup")
  static final class DuplicateNames {
    @RpcxMethod("hello")
    public String hello(String name) {
      return name;
    }

    @RpcxMethod("hello")
    public String hi(String name) {
      return name;
    }
  }

  @RpcxService("bad")
  static final class BadParameter {
    @RpcxMethod("take")
    public String take(Object anything) {
      return "";
    }
  }

  @RpcxService("none")
  static final class NothingPublished {
    public String hello(String name) {
      return name;
    }
  }

  private static RpcxServer.Builder server(Object service) {
    return RpcxServer.builder().port(0).publish(service);
  }

  @Test
  void serviceErrorsNameTheClassAndMethod() {
    assertThatThrownBy(() -> server(new NoServiceAnnotation()).build())
        .hasMessage(
            "NoServiceAnnotation: missing @RpcxService annotation (or publish it with"
                + " publish(name, service))");
    assertThatThrownBy(() -> server(new DuplicateNames()).build())
        .hasMessageMatching(
            "DuplicateNames\\.(hello|hi): method name 'hello' is already published by"
                + " DuplicateNames\\.(hello|hi)");
    assertThatThrownBy(() -> server(new BadParameter()).build())
        .hasMessage(
            "BadParameter.take: parameter 1 has unsupported type java.lang.Object; supported:"
                + " primitives and their boxes, String, byte[], protobuf messages");
    assertThatThrownBy(() -> server(new NothingPublished()).build())
        .hasMessage("NothingPublished: no public method is annotated with @RpcxMethod");
    assertThatThrownBy(() -> server(new TestService()).publish(new TestService()).build())
        .hasMessage(
            "service name 'test' is published twice: by io.rpcxbench.rpcx.TestService and by"
                + " io.rpcxbench.rpcx.TestService");
  }

  @Test
  void publishUnderAnExplicitNameNeedsNoServiceAnnotation() {
    RpcxServer server =
        RpcxServer.builder().port(0).publish("plain", new NoServiceAnnotation()).build();
    assertThat(server.services()).containsEntry("plain", List.of("hello"));
  }
}
