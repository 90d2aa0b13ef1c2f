package io.rpcxbench.protocols.avro;

import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.ServerJarContract;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Both fat jars as host B runs them: ready line, a call through the plug-in, SIGTERM to exit 0. */
class AvroServerJarIT {

  @ParameterizedTest
  @ValueSource(strings = {"avro", "avro-socket"})
  void fatJarServesThePlugInAndStopsOnSigterm(String id) throws Exception {
    ProtocolProvider provider = ServerJarContract.provider(id);
    ServerJarContract.servesAndStops(provider, ServerJarContract.catalogJar(provider), false);
  }
}
