package io.signo.server.http;

import io.signo.server.query.LocalQueryRunner;
import io.signo.sql.SignoEngine;
import io.signo.storage.table.Catalog;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Random and mutated HTTP requests to the REST API and the JDBC endpoint: methods, paths, headers,
 * lengths that lie, JSON and Avatica protobuf bodies cut, flipped and spliced. Every request must get
 * an answer; every error answer must be JSON with a code (or, from the JDBC endpoint, a protobuf
 * error without stack traces) and without Java text; and the server keeps answering {@code /v1/info}.
 * Seeded and bounded for CI: {@code -Dsigno.fuzz.seed=S -Dsigno.fuzz.seconds=N} replay a run or
 * run longer (docs/security.md).
 */
class HttpProtocolFuzzTest
{
    private static final ProtobufTranslation PROTOBUF = new ProtobufTranslationImpl();
    private static final List<String> METHODS = List.of("GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT", "get", "P\u00d6ST", "", "GET GET");
    private static final List<String> PATHS = List.of("/v1/jdbc", "/v1/info", "/v1/cluster", "/v1/queries", "/v1/queries/20260101_000000_00001", "/v1/openapi.json", "/metrics",
            "/v1/jdbc/", "/v1/jdbc/x", "/v1/queries/", "/v1/queries/%00", "/v1/../v1/info", "//v1//info", "/v1/info?x=1&y", "/%", "/%zz", "*", "http://other/v1/info", "/" + "a".repeat(300));
    private static final List<String> HEADERS = List.of("Content-Type: application/octet-stream", "Content-Type: application/json", "Transfer-Encoding: chunked",
            "Expect: 100-continue", "Authorization: Bearer x", "Authorization: Basic Zm9vOmJhcg==", "Content-Encoding: gzip", "Accept: */*", "X-\u0000: y", "Host:", ": empty");

    @Test
    void everyRequestGetsAWellFormedAnswerAndTheServerKeepsAnswering()
            throws Exception
    {
        long seed = Long.getLong("signo.fuzz.seed", 23);
        long seconds = Long.getLong("signo.fuzz.seconds", 20);
        Random random = new Random(seed);
        List<byte[]> validRequests = validJdbcRequests();
        ServerOptions options = ServerOptions.local(0).withLimits(HttpLimits.DEFAULT.withRequestReadTimeout(Duration.ofSeconds(1)).withMaxRequestBodyBytes(1 << 20));
        try (SignoServer server = SignoServer.start(options, address -> new LocalQueryRunner(new SignoEngine(new Catalog("tpch"), 1), address))) {
            ApiClient client = new ApiClient(server.uri(), null);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            int requests = 0;
            while (System.nanoTime() < deadline) {
                byte[] request = request(random, validRequests);
                RawHttp.Answer answer = RawHttp.exchange(server.uri(), request, 5_000, true);
                check(answer, seed, requests, request);
                requests++;
                if (requests % 25 == 0) {
                    long start = System.nanoTime();
                    assertEquals(200, client.get("/v1/info").statusCode());
                    assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 1_000, "GET /v1/info was slow after " + requests + " requests (seed " + seed + ")");
                }
            }
            assertTrue(requests > 50, "only " + requests + " requests in " + seconds + " s");
            assertEquals(200, client.get("/v1/info").statusCode());
        }
    }

    private static void check(RawHttp.Answer answer, long seed, int number, byte[] request)
    {
        String context = "request " + number + " of seed " + seed + ": " + printable(request);
        if (answer.status() == 0) {
            // a request cut before the end of its headers cannot be answered; anything else must be
            if (indexOf(request, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1)) >= 0) {
                fail("no answer to " + context + ": " + printable(answer.body()));
            }
            return;
        }
        String text = answer.text();
        String type = answer.headers().getOrDefault("content-type", "");
        if (type.startsWith("application/octet-stream")) {
            // the JDBC endpoint's answer to a request it could decode: a protobuf response, an error without stack traces
            Service.Response response;
            try {
                response = PROTOBUF.parseResponse(answer.body());
            }
            catch (IOException | RuntimeException e) {
                throw new AssertionError("the JDBC endpoint's answer is not a protobuf response: " + context, e);
            }
            if (response instanceof Service.ErrorResponse error) {
                assertTrue(error.exceptions == null || error.exceptions.isEmpty(), "stack traces in the answer to " + context);
                HostileClientTest.assertNoJavaText(error.errorMessage);
            }
            return;
        }
        if (answer.status() >= 400) {
            assertTrue(type.startsWith("application/json"), "an error that is not JSON (" + answer.status() + ", " + type + ") for " + context + ": " + text);
            if (answer.body().length > 0) {
                com.fasterxml.jackson.databind.JsonNode json = ApiClient.parse(text);
                assertTrue(json.has("code") && json.has("error"), "an error without a code for " + context + ": " + text);
                HostileClientTest.assertJsonError(answer, answer.status(), json.get("code").asText());
            }
        }
    }

    private static byte[] request(Random random, List<byte[]> validRequests)
    {
        String method = pick(random, METHODS);
        String path = random.nextInt(4) == 0 ? new String(mutate(random, pick(random, PATHS).getBytes(StandardCharsets.ISO_8859_1), 2), StandardCharsets.ISO_8859_1) : pick(random, PATHS);
        String version = random.nextInt(10) == 0 ? pick(random, List.of("HTTP/1.0", "HTTP/2.0", "HTTP/1.1 x", "", "HTTP/1")) : "HTTP/1.1";
        byte[] body = body(random, validRequests);
        StringBuilder head = new StringBuilder(method).append(' ').append(path).append(' ').append(version).append("\r\nHost: signo\r\nConnection: close");
        int headers = random.nextInt(3);
        for (int i = 0; i < headers; i++) {
            head.append("\r\n").append(pick(random, HEADERS));
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
        return random.nextInt(8) == 0 ? mutate(random, request, 1 + random.nextInt(4)) : request;
    }

    private static byte[] body(Random random, List<byte[]> validRequests)
    {
        return switch (random.nextInt(6)) {
            case 0 -> new byte[0];
            case 1 -> {
                byte[] noise = new byte[random.nextInt(4096)];
                random.nextBytes(noise);
                yield noise;
            }
            case 2 -> pick(random, List.of("{}", "[]", "null", "{\"request\":\"openConnection\"}", "{\"request\":\"prepareAndExecute\",\"sql\":\"select 1\"}", "{\"a\":" + "[".repeat(5000))).getBytes(StandardCharsets.UTF_8);
            case 3 -> pick(random, validRequests);
            default -> mutate(random, pick(random, validRequests), 1 + random.nextInt(6));
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

    private static byte[] mutate(Random random, byte[] original, int edits)
    {
        byte[] bytes = original.clone();
        for (int i = 0; i < edits && bytes.length > 0; i++) {
            int at = random.nextInt(bytes.length);
            switch (random.nextInt(4)) {
                case 0 -> bytes[at] = (byte) random.nextInt(256);
                case 1 -> bytes = java.util.Arrays.copyOf(bytes, at);
                case 2 -> bytes[at] ^= (byte) (1 << random.nextInt(8));
                default -> {
                    byte[] longer = new byte[bytes.length + 8];
                    System.arraycopy(bytes, 0, longer, 0, at);
                    random.nextBytes(java.util.Arrays.copyOfRange(longer, at, at + 8));
                    System.arraycopy(bytes, at, longer, at + 8, bytes.length - at);
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

    private static int indexOf(byte[] bytes, byte[] pattern)
    {
        outer : for (int i = 0; i + pattern.length <= bytes.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (bytes[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static <T> T pick(Random random, List<T> values)
    {
        return values.get(random.nextInt(values.size()));
    }

    private static String printable(byte[] request)
    {
        String text = new String(request, 0, Math.min(request.length, 300), StandardCharsets.ISO_8859_1);
        return text.replaceAll("[^\\x20-\\x7e]", "?");
    }
}
