package io.rpcxbench.period.openfeign;

import io.rpcxbench.period.BenchCalls;
import io.rpcxbench.period.InvalidArgumentException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * server-openfeign's {@code BenchController} on the period stack: {@code POST /hello}, {@code
 * /echo}, {@code /put}, {@code /items} with the same JSON bodies ({@link Bodies}); a refused
 * argument is 422 with a problem+json body as there (Spring 5.3 has no {@code ProblemDetail}: the
 * same fields, written by hand).
 */
@RestController
public class BenchController2022 {
  private final BenchCalls calls;

  public BenchController2022(BenchCalls calls) {
    this.calls = calls;
  }

  @PostMapping("/hello")
  public Bodies.HelloReply hello(@RequestBody Bodies.HelloRequest request) {
    return new Bodies.HelloReply(calls.hello(request.getName()));
  }

  @PostMapping("/echo")
  public Bodies.Echo echo(@RequestBody Bodies.Echo request) {
    return new Bodies.Echo(calls.echo(request.getPayload()));
  }

  @PostMapping("/put")
  public Bodies.PutReply put(@RequestBody Bodies.PutRequest request) {
    return new Bodies.PutReply(calls.put(request.getKey(), request.getValue()));
  }

  @PostMapping("/items")
  public Bodies.ItemsReply items(@RequestBody Bodies.ItemsRequest request) {
    if (request.getN() == null) {
      throw new InvalidArgumentException("items: n is required");
    }
    return new Bodies.ItemsReply(calls.items(request.getN()));
  }

  @ExceptionHandler(InvalidArgumentException.class)
  public ResponseEntity<Map<String, Object>> invalidArgument(
      InvalidArgumentException e, HttpServletRequest request) {
    HttpStatus status = HttpStatus.UNPROCESSABLE_ENTITY;
    Map<String, Object> problem = new LinkedHashMap<>();
    problem.put("type", "about:blank");
    problem.put("title", status.getReasonPhrase());
    problem.put("status", status.value());
    problem.put("detail", e.getMessage());
    problem.put("instance", request.getRequestURI());
    return ResponseEntity.status(status)
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .body(problem);
  }
}
