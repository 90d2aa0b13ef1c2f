package io.rpcxbench.protocols.tcpprotobuf;

import io.rpcxbench.testsupport.ServerJarContract;

/** The fat jar as host B runs it: ready line, a call through the plug-in, SIGTERM to exit 0. */
class TcpProtobufServerJarIT extends ServerJarContract {
  TcpProtobufServerJarIT() {
    super("tcp-protobuf");
  }
}
