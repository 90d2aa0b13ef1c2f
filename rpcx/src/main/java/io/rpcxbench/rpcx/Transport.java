package io.rpcxbench.rpcx;

/**
 * The Netty transport under a client or server. {@link #NIO} is the paper's and the default; {@link
 * #EPOLL} uses Linux's native epoll when {@code netty-transport-native-epoll} is on the class path,
 * and fails at start-up with a clear message otherwise.
 */
public enum Transport {
  NIO,
  EPOLL
}
