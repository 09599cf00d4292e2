package io.signo.server.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Random and mutated HTTP requests to a Signo server's REST API and JDBC endpoint: methods, paths,
 * headers, lengths that lie, JSON and Avatica protobuf bodies cut, flipped and spliced. Every
 * request must get an answer; every error answer must be JSON with a code (or, from the JDBC
 * endpoint, a protobuf error without stack traces) and without Java text, and none an internal
 * error; and the server must keep
 * answering {@code GET /v1/info} within a second. Deterministic per seed: request {@code i} of a seed
 * is always the same bytes.
 */
public final class HttpFuzzer
{
    private static final ProtobufTranslation PROTOBUF = new ProtobufTranslationImpl();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CHECK_INFO_EVERY = 25;
    /** Long enough for the first statement a cold server plans and compiles on a loaded machine. */
    private static final int ANSWER_TIMEOUT_MILLIS = 10_000;
    /** The first statement of a fresh server plans and compiles cold, which takes seconds on a loaded machine. */
    private static final int WARM_UP_TIMEOUT_MILLIS = 120_000;
    private static final long INFO_MILLIS = 1_000;
    private static final List<String> JAVA_TEXT = List.of("Exception", "\tat ", "java.", "org.eclipse", "org.apache", "jetty", "<html");
    private static final List<String> METHODS = List.of("GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT", "get", "P\u00d6ST", "", "GET GET");
    private static final List<String> PATHS = List.of("/v1/jdbc", "/v1/info", "/v1/cluster", "/v1/queries", "/v1/queries/20260101_000000_00001", "/v1/openapi.json", "/metrics",
            "/v1/jdbc/", "/v1/jdbc/x", "/v1/queries/", "/v1/queries/%00", "/v1/../v1/info", "//v1//info", "/v1/info?x=1&y", "/%", "/%zz", "*", "http://other/v1/info",
            "/ui/", "/ui/../v1/info", "/" + "a".repeat(300));
    private static final List<String> HEADERS = List.of("Content-Type: application/octet-stream", "Content-Type: application/json", "Transfer-Encoding: chunked",
            "Expect: 100-continue", "Authorization: Bearer x", "Authorization: Basic Zm9vOmJhcg==", "Content-Encoding: gzip", "Accept: */*", "X-\u0000: y", "Host:", ": empty");

    private final URI server;
    private final String token;
    private final long seed;
    private final Random random;
    private final List<byte[]> validRequests = validJdbcRequests();
    private final Map<String, Integer> answers = new LinkedHashMap<>();
    private final FailureTally failures = new FailureTally();

    private HttpFuzzer(URI server, String token, long seed)
    {
        this.server = server;
        this.token = token;
        this.seed = seed;
        this.random = new Random(seed);
    }

    /**
     * Sends requests of the seed to {@code server} until {@code duration} passed or {@code maxRequests}
     * were sent; {@code token} (or null) authenticates the checks of {@code /v1/info}.
     */
    public static ProtocolFuzzResult run(URI server, String token, long seed, Duration duration, int maxRequests)
    {
        return new HttpFuzzer(server, token, seed).run(duration, maxRequests);
    }

    /** The first piece of Java internals in {@code text} (an exception name, a stack frame, a package, an HTML page), or null. */
    public static String javaTextIn(String text)
    {
        return JAVA_TEXT.stream().filter(text::contains).findFirst().orElse(null);
    }

    private ProtocolFuzzResult run(Duration duration, int maxRequests)
    {
        long start = System.nanoTime();
        warmUp();
        long deadline = System.nanoTime() + duration.toNanos();
        int requests = 0;
        while (requests < maxRequests && System.nanoTime() < deadline) {
            byte[] request = request();
            RawHttp.Answer answer = RawHttp.exchange(server, request, ANSWER_TIMEOUT_MILLIS, true);
            answers.merge(answer.status() == 0 ? "no answer" : Integer.toString(answer.status()), 1, Integer::sum);
            check(answer, "request " + requests + " of seed " + seed + ": " + printable(request), request);
            requests++;
            if (requests % CHECK_INFO_EVERY == 0) {
                checkInfo("after request " + requests + " of seed " + seed);
            }
        }
        checkInfo("at the end of the run");
        return new ProtocolFuzzResult("HTTP fuzzer", seed, requests, "requests", Duration.ofNanos(System.nanoTime() - start), "status", answers, failures.failures());
    }

    private void fail(String kind, String request, String detail)
    {
        failures.add(kind, request, detail);
    }

    /** Runs one statement through the JDBC endpoint, on a connection of its own, so that no request of the run waits for the server's cold start. */
    private void warmUp()
    {
        String connection = "fuzz-warm-up";
        try {
            jdbc(new Service.OpenConnectionRequest(connection, Map.of("user", "fuzz")));
            if (jdbc(new Service.CreateStatementRequest(connection)) instanceof Service.CreateStatementResponse statement) {
                jdbc(new Service.PrepareAndExecuteRequest(connection, statement.statementId, "select 1", 10));
            }
            jdbc(new Service.CloseConnectionRequest(connection));
        }
        catch (IOException | RuntimeException e) {
            fail("the warm-up statement failed", "before the first request", String.valueOf(e));
        }
    }

    private Service.Response jdbc(Service.Request request)
            throws IOException
    {
        byte[] body = PROTOBUF.serializeRequest(request);
        String head = "POST /v1/jdbc HTTP/1.1\r\nHost: signo\r\nConnection: close\r\nContent-Type: application/octet-stream\r\nContent-Length: " + body.length
                + (token == null ? "" : "\r\nAuthorization: Bearer " + token);
        return PROTOBUF.parseResponse(RawHttp.exchange(server, RawHttp.request(head, body), WARM_UP_TIMEOUT_MILLIS).body());
    }

    private void checkInfo(String when)
    {
        String head = "GET /v1/info HTTP/1.1\r\nHost: signo\r\nConnection: close" + (token == null ? "" : "\r\nAuthorization: Bearer " + token);
        long start = System.nanoTime();
        RawHttp.Answer answer = RawHttp.exchange(server, RawHttp.request(head, new byte[0]), ANSWER_TIMEOUT_MILLIS);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        if (answer.status() != 200) {
            fail("GET /v1/info did not answer 200", when, "status " + answer.status() + ": " + answer.text());
        }
        else if (millis > INFO_MILLIS) {
            fail("GET /v1/info took over " + INFO_MILLIS + " ms", when, millis + " ms");
        }
    }

    private void check(RawHttp.Answer answer, String context, byte[] request)
    {
        if (answer.status() == 0) {
            // a request cut before the end of its headers cannot be answered; anything else must be
            if (RawHttp.indexOf(request, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1)) >= 0) {
                fail("no answer to a request with complete headers", context, printable(answer.body()));
            }
            return;
        }
        String text = answer.text();
        String type = answer.headers().getOrDefault("content-type", "");
        if (type.startsWith("application/octet-stream")) {
            checkJdbcAnswer(answer, context);
            return;
        }
        if (answer.status() < 400) {
            return;
        }
        if (startsWith(request, "HEAD ")) {
            // an answer to HEAD has no body whatever its Content-Length says: what follows it answers the bytes after the request
            return;
        }
        if (!type.startsWith("application/json")) {
            fail("an error answer that is not JSON (" + answer.status() + ")", context, type + ": " + text);
            return;
        }
        if (answer.body().length == 0) {
            return;
        }
        JsonNode json;
        try {
            json = JSON.readTree(text);
        }
        catch (IOException e) {
            fail("an error answer whose JSON does not parse (" + answer.status() + ")", context, text);
            return;
        }
        if (json == null || !json.has("code") || !json.has("error") || json.get("error").asText().isBlank()) {
            fail("an error answer without a code and a message (" + answer.status() + ")", context, text);
        }
        else if ("INTERNAL_ERROR".equals(json.get("code").asText())) {
            fail("an internal error (" + answer.status() + ")", context, text);
        }
        String leak = javaTextIn(text);
        if (leak != null) {
            fail("Java text ('" + leak + "') in an error answer", context, text);
        }
    }

    /** The JDBC endpoint's answer to a request it could decode: a protobuf response, an error without stack traces. */
    private void checkJdbcAnswer(RawHttp.Answer answer, String context)
    {
        Service.Response response;
        try {
            response = PROTOBUF.parseResponse(answer.body());
        }
        catch (IOException | RuntimeException e) {
            fail("a JDBC endpoint answer that is not a protobuf response", context, String.valueOf(e));
            return;
        }
        if (response instanceof Service.ErrorResponse error) {
            if (error.exceptions != null && !error.exceptions.isEmpty()) {
                fail("stack traces in a JDBC error answer", context, String.join("\n", error.exceptions));
            }
            if ("XX000".equals(error.sqlState) || error.errorMessage != null && error.errorMessage.startsWith("internal error")) {
                fail("an internal error from the JDBC endpoint", context, error.errorMessage);
            }
            String leak = error.errorMessage == null ? null : javaTextIn(error.errorMessage);
            if (leak != null) {
                fail("Java text ('" + leak + "') in a JDBC error answer", context, error.errorMessage);
            }
        }
    }

    private byte[] request()
    {
        String method = pick(METHODS);
        String path = random.nextInt(4) == 0 ? new String(mutate(pick(PATHS).getBytes(StandardCharsets.ISO_8859_1), 2), StandardCharsets.ISO_8859_1) : pick(PATHS);
        String version = random.nextInt(10) == 0 ? pick(List.of("HTTP/1.0", "HTTP/2.0", "HTTP/1.1 x", "", "HTTP/1")) : "HTTP/1.1";
        byte[] body = body();
        StringBuilder head = new StringBuilder(method).append(' ').append(path).append(' ').append(version).append("\r\nHost: signo\r\nConnection: close");
        if (token != null && random.nextInt(3) > 0) {
            head.append("\r\nAuthorization: Bearer ").append(token);
        }
        int headers = random.nextInt(3);
        for (int i = 0; i < headers; i++) {
            head.append("\r\n").append(pick(HEADERS));
        }
        if (random.nextInt(20) == 0) {
            head.append("\r\nX-Large: ").append("h".repeat(random.nextInt(20_000)));
        }
        boolean chunked = head.indexOf("Transfer-Encoding: chunked") >= 0;
        int lengthChoice = random.nextInt(10);
        if (!chunked) {
            long declared = switch (lengthChoice) {
                case 0 -> body.length + 1 + random.nextInt(50);
                case 1 -> Math.max(0, body.length - 1 - random.nextInt(5));
                case 2 -> -1;
                case 3 -> Long.MAX_VALUE;
                default -> body.length;
            };
            head.append("\r\nContent-Length: ").append(declared);
        }
        else {
            body = chunk(body);
        }
        byte[] request = RawHttp.request(head.toString(), body);
        return random.nextInt(8) == 0 ? mutate(request, 1 + random.nextInt(4)) : request;
    }

    private byte[] body()
    {
        return switch (random.nextInt(6)) {
            case 0 -> new byte[0];
            case 1 -> {
                byte[] noise = new byte[random.nextInt(4096)];
                random.nextBytes(noise);
                yield noise;
            }
            case 2 -> pick(List.of("{}", "[]", "null", "{\"request\":\"openConnection\"}", "{\"request\":\"prepareAndExecute\",\"sql\":\"select 1\"}", "{\"a\":" + "[".repeat(5000)))
                    .getBytes(StandardCharsets.UTF_8);
            case 3 -> pick(validRequests);
            default -> mutate(pick(validRequests), 1 + random.nextInt(6));
        };
    }

    /** Avatica requests a JDBC client sends: open a connection, create a statement, run SQL, for connections that exist or not. */
    private static List<byte[]> validJdbcRequests()
    {
        try {
            return List.of(
                    PROTOBUF.serializeRequest(new Service.OpenConnectionRequest("fuzz", Map.of("user", "fuzz"))),
                    PROTOBUF.serializeRequest(new Service.CreateStatementRequest("fuzz")),
                    PROTOBUF.serializeRequest(new Service.PrepareAndExecuteRequest("fuzz", 1, "select 1", 10)),
                    PROTOBUF.serializeRequest(new Service.PrepareAndExecuteRequest("nobody", 7, "select * from nowhere", -1)),
                    PROTOBUF.serializeRequest(new Service.PrepareAndExecuteRequest("fuzz", 1, "select 1/0", 10)),
                    PROTOBUF.serializeRequest(new Service.CloseConnectionRequest("fuzz")));
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private byte[] mutate(byte[] original, int edits)
    {
        byte[] bytes = original.clone();
        for (int i = 0; i < edits && bytes.length > 0; i++) {
            int at = random.nextInt(bytes.length);
            switch (random.nextInt(4)) {
                case 0 -> bytes[at] = (byte) random.nextInt(256);
                case 1 -> bytes = Arrays.copyOf(bytes, at);
                case 2 -> bytes[at] ^= (byte) (1 << random.nextInt(8));
                default -> {
                    byte[] noise = new byte[8];
                    random.nextBytes(noise);
                    byte[] longer = new byte[bytes.length + noise.length];
                    System.arraycopy(bytes, 0, longer, 0, at);
                    System.arraycopy(noise, 0, longer, at, noise.length);
                    System.arraycopy(bytes, at, longer, at + noise.length, bytes.length - at);
                    bytes = longer;
                }
            }
        }
        return bytes;
    }

    private static byte[] chunk(byte[] body)
    {
        byte[] head = (Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
        byte[] tail = "\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[head.length + body.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        System.arraycopy(tail, 0, all, head.length + body.length, tail.length);
        return all;
    }

    private static boolean startsWith(byte[] request, String prefix)
    {
        return new String(request, 0, Math.min(request.length, prefix.length()), StandardCharsets.ISO_8859_1).equals(prefix);
    }

    private <T> T pick(List<T> values)
    {
        return values.get(random.nextInt(values.size()));
    }

    private static String printable(byte[] request)
    {
        String text = new String(request, 0, Math.min(request.length, 300), StandardCharsets.ISO_8859_1);
        return text.replaceAll("[^\\x20-\\x7e]", "?");
    }
}
