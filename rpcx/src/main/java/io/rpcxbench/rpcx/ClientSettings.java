package io.rpcxbench.rpcx;

import io.netty.handler.ssl.SslContext;
import java.time.Duration;
import java.util.function.Consumer;
import javax.net.ssl.SSLSession;

/** The immutable settings of a {@link RpcxClientFactory}; defaults live in its builder. */
record ClientSettings(
    Duration callTimeout,
    Duration connectTimeout,
    int connectionsPerAddress,
    int maxFrameLength,
    Transport transport,
    int ioThreads,
    boolean coalesceWrites,
    SslContext tls,
    Consumer<SSLSession> onTlsHandshake) {}
