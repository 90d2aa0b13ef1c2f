package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.server.openfeign.json.EchoBody;
import io.rpcxbench.server.openfeign.json.HelloBody;
import io.rpcxbench.server.openfeign.json.ItemsBody;
import io.rpcxbench.server.openfeign.json.PutBody;
import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

/** The benchmark service as a Spring Cloud OpenFeign client; the url comes from a property. */
@FeignClient(
    name = OpenFeignBenchClient.CLIENT_NAME,
    url = "${" + OpenFeignBenchClient.URL_PROPERTY + "}")
interface BenchFeignClient {

  @PostMapping(
      path = "/" + BenchContract.HELLO,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  HelloBody.Reply hello(@RequestBody HelloBody.Request request);

  @PostMapping(
      path = "/" + BenchContract.ECHO,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  EchoBody echo(@RequestBody EchoBody body);

  @PostMapping(
      path = "/" + BenchContract.PUT,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  PutBody.Reply put(@RequestBody PutBody.Request request);

  @PostMapping(
      path = "/" + BenchContract.ITEMS,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  ItemsBody.Reply items(@RequestBody ItemsBody.Request request);

  /**
   * A user's message (MessageController): the record in protobuf's JSON mapping as the body, the
   * reply the same; Spring's string converter carries both as they are.
   */
  @PostMapping(
      path = "/message/{reply}",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  String message(@PathVariable("reply") String reply, @RequestBody String record);
}
