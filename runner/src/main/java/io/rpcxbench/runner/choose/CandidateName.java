package io.rpcxbench.runner.choose;

/**
 * A candidate as {@code --protocol} names it: a protocol id, the codec of its own after a colon
 * ({@code grpc:gzip}: gRPC with its gzip codec, beside {@code grpc} without), and an A/A copy's
 * number after {@code #} ({@code grpc:gzip#2}). The protocol picks the server and the harness's
 * plug-in; the codec is the candidate's {@code --compression}; the original (the name without the
 * copy's number) is what an A/A copy repeats.
 *
 * <pre>{@code
 * CandidateName n = CandidateName.of("grpc:gzip#2");
 * n.protocol();      // grpc
 * n.original();      // grpc:gzip
 * n.codec();         // gzip
 * }</pre>
 */
record CandidateName(String protocol, String codec, String original) {
  /** The parts of {@code name}; {@code codec} is null where the candidate has none of its own. */
  static CandidateName of(String name) {
    int hash = name.indexOf('#');
    String original = hash < 0 ? name : name.substring(0, hash);
    int colon = original.indexOf(':');
    return colon < 0
        ? new CandidateName(original, null, original)
        : new CandidateName(original.substring(0, colon), original.substring(colon + 1), original);
  }

  /** Whether the name gives a codec of its own. */
  boolean hasCodec() {
    return codec != null;
  }
}
