package io.rpcxbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads one raw result file; bad lines are reported and skipped, the rest is kept. */
final class RawFileParser {
    private static final Pattern PROVENANCE = Pattern.compile("#\\s*([a-z0-9_]+)\\s*:\\s?(.*)");
    static final List<String> REQUIRED_COLUMNS =
            List.of("type", "threadNum", "requestNum", "order", "timeTotal", "tps");

    private RawFileParser() {
    }

    /** Parses {@code file}; {@code source} is the name used in the database and in messages. */
    static RawFile parse(Path file, String source) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        return parse(text, source, sha256(bytes));
    }

    static RawFile parse(String text, String source, String sha256) {
        List<String> problems = new ArrayList<>();
        Map<String, String> prov = new LinkedHashMap<>();
        String[] lines = text.split("\n", -1);
        int i = 0;
        for (; i < lines.length; i++) {
            String line = stripCr(lines[i]);
            if (line.isBlank()) {
                continue;
            }
            if (!line.startsWith("#")) {
                break;
            }
            Matcher m = PROVENANCE.matcher(line);
            if (m.matches()) {
                prov.put(m.group(1), m.group(2).trim());
            }
        }
        Header header = readHeader(prov, source, problems);
        if (header == null) {
            return unusable(source, sha256, prov, problems);
        }
        if (i >= lines.length || stripCr(lines[i]).isBlank()) {
            if (header.status == PointStatus.COMPLETE) {
                problems.add(source + ":" + (i + 1) + ": missing CSV header row");
                return unusable(source, sha256, prov, problems);
            }
            return result(source, sha256, prov, header, List.of(), problems);
        }
        int headerLine = i + 1;
        List<String> columns = List.of(stripCr(lines[i]).split(",", -1));
        Map<String, Integer> index = new HashMap<>();
        for (int c = 0; c < columns.size(); c++) {
            index.put(columns.get(c).trim(), c);
        }
        for (String required : REQUIRED_COLUMNS) {
            if (!index.containsKey(required)) {
                problems.add(source + ":" + headerLine + ": header lacks column '" + required + "'");
                return unusable(source, sha256, prov, problems);
            }
        }
        List<RunRow> runs = new ArrayList<>();
        Set<Integer> orders = new HashSet<>();
        for (i = i + 1; i < lines.length; i++) {
            String line = stripCr(lines[i]);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String where = source + ":" + (i + 1) + ": ";
            if (header.status != PointStatus.COMPLETE) {
                problems.add(where + "run row in a file with status " + header.status.id);
                continue;
            }
            try {
                RunRow row = RowReader.read(line.split(",", -1), columns.size(), index);
                checkAgainstHeader(row, header);
                if (!orders.add(row.order())) {
                    throw new IllegalArgumentException("duplicate order " + row.order());
                }
                runs.add(row);
            } catch (IllegalArgumentException e) {
                problems.add(where + e.getMessage());
            }
        }
        return result(source, sha256, prov, header, runs, problems);
    }

    private record Header(PointStatus status, int type, int threads, int requests, Integer runs, Integer limitS) {
    }

    private static Header readHeader(Map<String, String> prov, String source, List<String> problems) {
        String where = source + ":1: ";
        try {
            String statusText = required(prov, "status");
            PointStatus status = PointStatus.of(statusText).orElseThrow(
                    () -> new IllegalArgumentException("unknown status '" + statusText + "'"));
            Integer type = prov.containsKey("type") ? positiveInt(prov.get("type"), "type") : null;
            Optional<Protocol> byName = Optional.ofNullable(prov.get("protocol")).map(
                    n -> Protocol.ofId(n).orElseThrow(() -> new IllegalArgumentException("unknown protocol '" + n + "'")));
            if (type == null && byName.isEmpty()) {
                throw new IllegalArgumentException("missing provenance key 'type' (or 'protocol')");
            }
            if (type != null && Protocol.ofType(type).isEmpty()) {
                throw new IllegalArgumentException("unknown type " + type);
            }
            if (type != null && byName.isPresent() && byName.get().type != type) {
                throw new IllegalArgumentException("protocol '" + prov.get("protocol") + "' does not match type " + type);
            }
            int t = type != null ? type : byName.get().type;
            int threads = positiveInt(required(prov, "threads"), "threads");
            int requests = positiveInt(required(prov, "requests"), "requests");
            Integer runs = prov.containsKey("runs") ? positiveInt(prov.get("runs"), "runs") : null;
            Integer limit = prov.containsKey("limit_s") ? positiveInt(prov.get("limit_s"), "limit_s") : null;
            return new Header(status, t, threads, requests, runs, limit);
        } catch (IllegalArgumentException e) {
            problems.add(where + e.getMessage() + "; file skipped");
            return null;
        }
    }

    private static void checkAgainstHeader(RunRow row, Header h) {
        if (row.type() != h.type || row.threadNum() != h.threads || row.requestNum() != h.requests) {
            throw new IllegalArgumentException("row is for type " + row.type() + ", " + row.threadNum() + " threads, "
                    + row.requestNum() + " requests but the file is for type " + h.type + ", " + h.threads
                    + " threads, " + h.requests + " requests");
        }
        if (h.runs != null && row.order() >= h.runs) {
            throw new IllegalArgumentException("order " + row.order() + " outside 0.." + (h.runs - 1));
        }
    }

    private static String required(Map<String, String> prov, String key) {
        String v = prov.get(key);
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException("missing provenance key '" + key + "'");
        }
        return v;
    }

    private static int positiveInt(String text, String what) {
        try {
            int v = Integer.parseInt(text.trim());
            if (v <= 0) {
                throw new IllegalArgumentException(what + " must be positive, got " + text);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " is not an integer: '" + text + "'");
        }
    }

    private static RawFile result(String source, String sha, Map<String, String> prov, Header h, List<RunRow> runs,
            List<String> problems) {
        return new RawFile(source, sha, Map.copyOf(prov), h.status, h.type, h.threads, h.requests, h.limitS,
                List.copyOf(runs), List.copyOf(problems), true);
    }

    private static RawFile unusable(String source, String sha, Map<String, String> prov, List<String> problems) {
        return new RawFile(source, sha, Map.copyOf(prov), null, 0, 0, 0, null, List.of(), List.copyOf(problems), false);
    }

    private static String stripCr(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("JDK without SHA-256", e);
        }
    }
}
