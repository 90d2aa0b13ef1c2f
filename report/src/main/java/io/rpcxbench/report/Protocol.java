package io.rpcxbench.report;

import java.util.Locale;
import java.util.Optional;

/** The three compared technologies with the paper's type numbers (Fig. 7a: 1 RPCX, 2 gRPC, 3 OpenFeign). */
enum Protocol {
    RPCX(1, "rpcx", "RPCX"),
    GRPC(2, "grpc", "gRPC"),
    OPENFEIGN(3, "openfeign", "OpenFeign");

    final int type;
    final String id;
    final String label;

    Protocol(int type, String id, String label) {
        this.type = type;
        this.id = id;
        this.label = label;
    }

    static Optional<Protocol> ofType(int type) {
        for (Protocol p : values()) {
            if (p.type == type) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    static Optional<Protocol> ofId(String id) {
        for (Protocol p : values()) {
            if (p.id.equals(id.trim().toLowerCase(Locale.ROOT))) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
