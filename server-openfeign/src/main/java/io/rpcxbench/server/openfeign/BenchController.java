package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.json.EchoBody;
import io.rpcxbench.api.json.HelloBody;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * The benchmark operations as JSON over HTTP/1.1. A missing or unreadable body is answered by
 * Spring MVC itself (400, problem+json); a readable body without its field is refused here.
 */
@RestController
final class BenchController {

  @PostMapping(BenchContract.HTTP_HELLO_PATH)
  HelloBody.Reply hello(@RequestBody HelloBody.Request request) {
    if (request.name() == null) {
      throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "name is required");
    }
    return new HelloBody.Reply(BenchContract.helloReply(request.name()));
  }

  @PostMapping(BenchContract.HTTP_ECHO_PATH)
  EchoBody echo(@RequestBody EchoBody request) {
    if (request.payload() == null) {
      throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "payload is required");
    }
    return request;
  }
}
