package io.rpcxbench.period.client;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.cloud.openfeign.EnableFeignClients;

/** The non-web Spring application that holds the Feign client (server-openfeign's, no scan). */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@EnableFeignClients(clients = HelloFeignClient.class)
class FeignCallerApplication {}
