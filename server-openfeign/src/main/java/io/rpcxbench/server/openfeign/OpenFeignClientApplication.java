package io.rpcxbench.server.openfeign;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.cloud.openfeign.EnableFeignClients;

/** The non-web Spring application that holds the Feign client (no component scan). */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@EnableFeignClients(clients = BenchFeignClient.class)
class OpenFeignClientApplication {}
