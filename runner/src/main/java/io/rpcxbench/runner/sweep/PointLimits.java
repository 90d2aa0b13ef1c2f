package io.rpcxbench.runner.sweep;

/**
 * Each point's runs and its time limit: {@code limitS} seconds for the point or for each run
 * ({@code timeoutPer} {@code point} or {@code run}).
 */
public record PointLimits(int runs, int limitS, String timeoutPer) {}
