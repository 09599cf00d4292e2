package io.signo.server.http;

import io.signo.storage.error.ErrorCode;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code signo server} as a process with little memory (a 512 MB heap, 256 MB of native memory) and
 * the JVM options bin/signo gives it: a result without LIMIT far larger than memory streams to a JDBC
 * client, a query that needs more memory than it may use fails with EXCEEDED_MEMORY_LIMIT, and after
 * both the process still stops promptly on SIGTERM.
 */
class ServerUnderPressureTest
{
    private static final String READY_PREFIX = "Signo server listening on ";

    @Test
    void aServerShortOfMemoryStreamsFailsCleanlyAndStopsOnSigterm()
            throws Exception
    {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-Xmx512m", "-XX:MaxDirectMemorySize=256m", "-XX:+ExitOnOutOfMemoryError", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "io.signo.server.cli.SignoCommand", "server", "--port", "0", "--tpch", "0.01", "--threads", "2");
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = CompletableFuture.supplyAsync(() -> {
                try {
                    return output.readLine();
                }
                catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).get(60, TimeUnit.SECONDS);
            assertTrue(line != null && line.startsWith(READY_PREFIX), "not the ready line: " + line);
            URI uri = URI.create(line.substring(READY_PREFIX.length()).strip());
            String url = "jdbc:signo://" + uri.getHost() + ":" + uri.getPort();

            try (Connection connection = DriverManager.getConnection(url);
                    Statement statement = connection.createStatement()) {
                // 3.6 billion rows of about 120 bytes: far past the 256 MB, read a frame at a time
                try (ResultSet rows = statement.executeQuery("select a.l_comment, b.l_comment from lineitem a, lineitem b")) {
                    int read = 0;
                    while (read < 200_000 && rows.next()) {
                        read++;
                    }
                    assertEquals(200_000, read);
                }
                // a sort of the same must hold its input: more than the process may use
                SQLException error = assertThrows(SQLException.class, () -> {
                    try (ResultSet rows = statement.executeQuery("select a.l_comment, b.l_comment from lineitem a, lineitem b order by 1, 2")) {
                        rows.next();
                    }
                });
                assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT.number(), error.getErrorCode(), error.getMessage());
                try (ResultSet one = statement.executeQuery("select count(*) from nation")) {
                    assertTrue(one.next());
                    assertEquals(25, one.getLong(1));
                }
            }
            assertEquals(200, new ApiClient(uri, null).get("/v1/info").statusCode());

            long stopping = System.nanoTime();
            process.destroy();
            assertTrue(process.waitFor(15, TimeUnit.SECONDS), "the server did not exit within 15 seconds of SIGTERM");
            assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - stopping) < 15);
        }
        finally {
            process.destroyForcibly();
        }
    }
}
