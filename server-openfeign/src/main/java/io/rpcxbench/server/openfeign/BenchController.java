package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.server.openfeign.json.EchoBody;
import io.rpcxbench.server.openfeign.json.HelloBody;
import io.rpcxbench.server.openfeign.json.ItemsBody;
import io.rpcxbench.server.openfeign.json.PutBody;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The four benchmark calls as JSON over HTTP/1.1, each through the server kit's {@link
 * BenchService} (a bean the server registers). A missing argument or an unreadable body ends in
 * {@link BenchProblems} (400, problem+json), a chain's failed downstream service in 503.
 */
@RestController
final class BenchController {
  private final BenchService bench;

  /** The registered service; plain {@link BenchLogic} when there is none (a bare context). */
  BenchController(ObjectProvider<BenchService> service) {
    this.bench = service.getIfAvailable(BenchLogic::new);
  }

  @PostMapping("/" + BenchContract.HELLO)
  HelloBody.Reply hello(@RequestBody HelloBody.Request request) {
    return new HelloBody.Reply(bench.hello(request.name()));
  }

  @PostMapping("/" + BenchContract.ECHO)
  EchoBody echo(@RequestBody EchoBody request) {
    return new EchoBody(bench.echo(request.payload()));
  }

  @PostMapping("/" + BenchContract.PUT)
  PutBody.Reply put(@RequestBody PutBody.Request request) {
    return new PutBody.Reply(bench.put(request.key(), request.value()));
  }

  @PostMapping("/" + BenchContract.ITEMS)
  ItemsBody.Reply items(@RequestBody ItemsBody.Request request) {
    if (request.n() == null) {
      throw new InvalidArgumentException("items: n is required");
    }
    return new ItemsBody.Reply(bench.items(request.n()));
  }
}
