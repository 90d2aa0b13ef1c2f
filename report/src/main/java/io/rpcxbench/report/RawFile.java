package io.rpcxbench.report;

import java.util.List;
import java.util.Map;

/**
 * A parsed raw result file (docs/raw-format.md): its provenance, the point it measured and its
 * runs. {@code problems} holds the lines that were skipped, already formatted as
 * {@code file:line: reason}; a file with {@code usable == false} could not be read at all.
 */
record RawFile(
        String source,
        String sha256,
        Map<String, String> provenance,
        PointStatus status,
        int type,
        int threads,
        int requests,
        Integer limitS,
        List<RunRow> runs,
        List<String> problems,
        boolean usable) {
}
