package io.rpcxbench.period.client;

import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

/**
 * server-openfeign's {@code BenchFeignClient}, {@code hello} only: the url comes from a property.
 */
@FeignClient(name = FeignHelloCaller.CLIENT_NAME, url = "${" + FeignHelloCaller.URL_PROPERTY + "}")
interface HelloFeignClient {

  @PostMapping(
      path = "/hello",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  HelloBody.Reply hello(@RequestBody HelloBody.Request request);
}
