package io.rpcxbench.rpcx;

import java.time.Duration;

/** The immutable settings of a {@link RpcxClientFactory}; defaults live in its builder. */
record ClientSettings(
    Duration callTimeout,
    Duration connectTimeout,
    int connectionsPerAddress,
    int maxFrameLength,
    Transport transport,
    int ioThreads,
    boolean coalesceWrites) {}
