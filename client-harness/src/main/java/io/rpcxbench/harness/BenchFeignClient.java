package io.rpcxbench.harness;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.json.EchoBody;
import io.rpcxbench.api.json.HelloBody;
import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

/** The benchmark service as a Spring Cloud OpenFeign client; the url comes from a property. */
@FeignClient(name = OpenFeignBenchClient.CLIENT_NAME, url = "${" + OpenFeignBenchClient.URL_PROPERTY + "}")
interface BenchFeignClient {

  @PostMapping(
      path = BenchContract.HTTP_HELLO_PATH,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  HelloBody.Reply hello(@RequestBody HelloBody.Request request);

  @PostMapping(
      path = BenchContract.HTTP_ECHO_PATH,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  EchoBody echo(@RequestBody EchoBody body);
}
