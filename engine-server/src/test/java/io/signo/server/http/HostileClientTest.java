package io.signo.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.signo.server.fuzz.HttpFuzzer;
import io.signo.server.fuzz.RawHttp;
import io.signo.server.query.LocalQueryRunner;
import io.signo.sql.SignoEngine;
import io.signo.storage.table.Catalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTTP server against the clients of issue 23: slow, oversized, malformed and unauthenticated
 * requests each get a JSON error with a code and no Java text, and none of them keeps the server
 * from answering others.
 */
class HostileClientTest
{
    private static final int TIMEOUT_MILLIS = 10_000;

    private static SignoServer server;

    @BeforeAll
    static void start()
    {
        // the server's defaults, as `signo server` runs it without options
        server = startServer(ServerOptions.local(0));
    }

    @AfterAll
    static void stop()
    {
        if (server != null) {
            server.close();
        }
    }

    static SignoServer startServer(ServerOptions options)
    {
        return SignoServer.start(options, address -> new LocalQueryRunner(new SignoEngine(new Catalog("tpch"), 1), address));
    }

    @Test
    void infoAnswersWithinASecondWhile250ClientsTrickleJdbcBodies()
            throws Exception
    {
        List<Socket> slow = new ArrayList<>();
        ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor();
        AtomicBoolean stopped = new AtomicBoolean();
        try {
            for (int i = 0; i < 250; i++) {
                Socket socket = RawHttp.open(server.uri(), TIMEOUT_MILLIS);
                socket.getOutputStream().write("POST /v1/jdbc HTTP/1.1\r\nHost: signo\r\nContent-Length: 100000\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                slow.add(socket);
            }
            // a byte per client every 100 ms: each body would take hours
            trickle.scheduleWithFixedDelay(() -> {
                for (Socket socket : slow) {
                    if (stopped.get()) {
                        return;
                    }
                    try {
                        OutputStream output = socket.getOutputStream();
                        output.write('x');
                        output.flush();
                    }
                    catch (IOException ignored) {
                        // a client the server closed
                    }
                }
            }, 0, 100, TimeUnit.MILLISECONDS);
            Thread.sleep(1_000);
            ApiClient client = new ApiClient(server.uri(), null);
            for (int i = 0; i < 5; i++) {
                long start = System.nanoTime();
                JsonNode info = client.json("/v1/info");
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertEquals("ACTIVE", info.get("state").asText());
                assertTrue(millis < 1_000, "GET /v1/info took " + millis + " ms while 250 clients trickled bodies");
                Thread.sleep(200);
            }
        }
        finally {
            stopped.set(true);
            trickle.shutdownNow();
            for (Socket socket : slow) {
                socket.close();
            }
        }
    }

    @Test
    void everyRefusalIsJsonWithACodeAndNoJavaText()
    {
        Random random = new Random(23);
        byte[] noise = new byte[3000];
        random.nextBytes(noise);
        assertRefused("GET /v1/jdbc HTTP/1.1\r\nHost: signo", new byte[0], 405, "METHOD_NOT_ALLOWED");
        assertRefused("POST /v1/jdbc HTTP/1.1\r\nHost: signo\r\nContent-Length: 0", new byte[0], 400, "BAD_REQUEST");
        assertRefused("POST /v1/jdbc HTTP/1.1\r\nHost: signo\r\nContent-Length: " + noise.length, noise, 400, "BAD_REQUEST");
        byte[] json = "{\"request\":\"openConnection\",\"connectionId\":\"x\"}".getBytes(StandardCharsets.UTF_8);
        assertRefused("POST /v1/jdbc HTTP/1.1\r\nHost: signo\r\nContent-Type: application/json\r\nContent-Length: " + json.length, json, 400, "BAD_REQUEST");
        assertRefused("POST /v1/jdbc HTTP/1.1\r\nHost: signo\r\nContent-Length: 100000000000", new byte[0], 413, "REQUEST_TOO_LARGE");
        assertRefused("GET /v1/nothing HTTP/1.1\r\nHost: signo", new byte[0], 404, "NOT_FOUND");
        assertRefused("PUT /v1/info HTTP/1.1\r\nHost: signo", new byte[0], 405, "METHOD_NOT_ALLOWED");
        assertRefused("GET /" + "a".repeat(20_000) + " HTTP/1.1\r\nHost: signo", new byte[0], 414, "URI_TOO_LONG");
        assertRefused("GET /v1/info HTTP/1.1\r\nHost: signo\r\nX-Large: " + "a".repeat(10_000), new byte[0], 431, "HEADERS_TOO_LARGE");
        assertRefused("GARBAGE", new byte[0], 400, "BAD_REQUEST");
        assertRefused("GET /v1/info HTTP/9.9\r\nHost: signo", new byte[0], 505, "HTTP_VERSION_NOT_SUPPORTED");
        assertRefused("POST /v1/jdbc HTTP/1.1\r\nHost: signo\r\nContent-Length: -5", new byte[0], 400, "BAD_REQUEST");
    }

    @Test
    void aBodyLargerThanTheLimitIsRefusedWhileItIsRead()
    {
        // chunked: no declared length, so the server counts what arrives
        StringBuilder chunks = new StringBuilder();
        String chunk = "a".repeat(1 << 20);
        for (int i = 0; i < 17; i++) {
            chunks.append(Integer.toHexString(chunk.length())).append("\r\n").append(chunk).append("\r\n");
        }
        chunks.append("0\r\n\r\n");
        assertRefused("POST /v1/jdbc HTTP/1.1\r\nHost: signo\r\nTransfer-Encoding: chunked", chunks.toString().getBytes(StandardCharsets.ISO_8859_1), 413, "REQUEST_TOO_LARGE");
    }

    @Test
    void aBodyThatDoesNotArriveInTimeIsRefused()
    {
        try (SignoServer impatient = startServer(ServerOptions.local(0).withLimits(HttpLimits.DEFAULT.withRequestReadTimeout(Duration.ofSeconds(1))))) {
            long start = System.nanoTime();
            RawHttp.Answer answer = RawHttp.exchange(impatient.uri(), RawHttp.request("POST /v1/jdbc HTTP/1.1\r\nHost: signo\r\nContent-Length: 100", "only ten b".getBytes(StandardCharsets.UTF_8)), TIMEOUT_MILLIS);
            assertJsonError(answer, 408, "REQUEST_TIMEOUT");
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 5_000);
            assertEquals(200, new ApiClient(impatient.uri(), null).get("/v1/info").statusCode());
        }
    }

    @Test
    void headIsGetWithoutABody()
    {
        RawHttp.Answer answer = RawHttp.exchange(server.uri(), RawHttp.request("HEAD /v1/info HTTP/1.1\r\nHost: signo\r\nConnection: close", new byte[0]), TIMEOUT_MILLIS);
        assertEquals(200, answer.status());
        assertEquals(0, answer.body().length);
        assertTrue(answer.headers().get("content-type").startsWith("application/json"));
        assertFalse(answer.headers().containsKey("server"), "the server names its software: " + answer.headers());
    }

    @Test
    void withATokenProbesMayUseHeadAndBodiesAreRefusedBeforeTheyAreRead()
    {
        try (SignoServer guarded = startServer(ServerOptions.local(0).withToken("s3cret"))) {
            RawHttp.Answer head = RawHttp.exchange(guarded.uri(), RawHttp.request("HEAD /v1/info HTTP/1.1\r\nHost: signo\r\nConnection: close", new byte[0]), TIMEOUT_MILLIS);
            assertEquals(200, head.status());
            long start = System.nanoTime();
            // a body the client never sends: the refusal must not wait for it
            RawHttp.Answer post = RawHttp.exchange(guarded.uri(), RawHttp.request("POST /v1/jdbc HTTP/1.1\r\nHost: signo\r\nContent-Length: 1000000", new byte[0]), TIMEOUT_MILLIS);
            assertJsonError(post, 401, "UNAUTHORIZED");
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 3_000);
        }
    }

    @Test
    void oneAddressHoldsNoMoreConnectionsThanItsLimit()
            throws Exception
    {
        try (SignoServer limited = startServer(ServerOptions.local(0).withLimits(HttpLimits.DEFAULT.withMaxConnectionsPerAddress(4)))) {
            List<Socket> held = new ArrayList<>();
            try {
                for (int i = 0; i < 4; i++) {
                    held.add(RawHttp.open(limited.uri(), TIMEOUT_MILLIS));
                }
                Thread.sleep(200);
                try (Socket fifth = RawHttp.open(limited.uri(), TIMEOUT_MILLIS)) {
                    fifth.getOutputStream().write("GET /v1/info HTTP/1.1\r\nHost: signo\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    RawHttp.Answer answer = RawHttp.read(fifth.getInputStream());
                    assertEquals(0, answer.status(), "the fifth connection was served");
                }
                catch (IOException closed) {
                    // the server closed it before the request was written
                }
                held.removeFirst().close();
                Thread.sleep(200);
                assertEquals(200, new ApiClient(limited.uri(), null).get("/v1/info").statusCode());
            }
            finally {
                for (Socket socket : held) {
                    socket.close();
                }
            }
        }
    }

    @Test
    void jdbcStillRunsStatementsAndItsErrorsKeepTheirCodes()
            throws SQLException
    {
        try (Connection connection = DriverManager.getConnection("jdbc:signo://127.0.0.1:" + server.port());
                Statement statement = connection.createStatement()) {
            try (ResultSet result = statement.executeQuery("select 1 + 1")) {
                assertTrue(result.next());
                assertEquals(2, result.getInt(1));
            }
            SQLException error = assertThrows(SQLException.class, () -> statement.executeQuery("select 9223372036854775807 + 1"));
            assertEquals(io.signo.storage.error.ErrorCode.NUMERIC_OVERFLOW.number(), error.getErrorCode());
            assertFalse(error.getMessage().contains("Exception"), error.getMessage());
        }
    }

    private static void assertRefused(String head, byte[] body, int status, String code)
    {
        assertJsonError(RawHttp.exchange(server.uri(), RawHttp.request(head.length() > 100 ? head : head + "\r\nConnection: close", body), TIMEOUT_MILLIS), status, code);
    }

    static void assertJsonError(RawHttp.Answer answer, int status, String code)
    {
        assertEquals(status, answer.status(), answer.text());
        assertTrue(answer.headers().getOrDefault("content-type", "").startsWith("application/json"), "not JSON: " + answer.headers());
        JsonNode json = ApiClient.parse(answer.text());
        assertEquals(code, json.get("code").asText(), answer.text());
        assertFalse(json.get("error").asText().isBlank());
        assertNoJavaText(answer.text());
    }

    static void assertNoJavaText(String text)
    {
        String leak = HttpFuzzer.javaTextIn(text);
        assertNull(leak, "'" + leak + "' in " + text);
    }

    static URI uri()
    {
        return server.uri();
    }
}
