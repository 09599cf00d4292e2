package io.signo.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code signo server} as a process: it says when it listens, answers, and exits promptly on SIGTERM. */
class ServerProcessTest
{
    private static final String READY_PREFIX = "Signo server listening on ";

    @Test
    void theServerCommandServesAndStopsOnSigterm()
            throws Exception
    {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-Xmx512m", "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "io.signo.server.cli.SignoCommand", "server", "--port", "0", "--tpch", "0.01", "--threads", "1");
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = CompletableFuture.supplyAsync(() -> {
                try {
                    return output.readLine();
                }
                catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).get(60, TimeUnit.SECONDS);
            assertTrue(line != null && line.startsWith(READY_PREFIX), "not the ready line: " + line);
            URI uri = URI.create(line.substring(READY_PREFIX.length()).strip());
            assertEquals("127.0.0.1", uri.getHost());

            JsonNode info = new ApiClient(uri, null).json("/v1/info");
            assertEquals("ACTIVE", info.get("state").asText());
            assertEquals(1, info.get("nodeCount").asInt());
            assertEquals("coordinator", new ApiClient(uri, null).json("/v1/cluster").get("nodes").get(0).get("role").asText());

            long stopping = System.nanoTime();
            process.destroy();
            assertTrue(process.waitFor(15, TimeUnit.SECONDS), "the server did not exit within 15 seconds of SIGTERM");
            int exitCode = process.exitValue();
            assertTrue(exitCode == 0 || exitCode == 143, "exit code " + exitCode);
            assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - stopping) < 10);
        }
        finally {
            process.destroyForcibly();
        }
    }
}
