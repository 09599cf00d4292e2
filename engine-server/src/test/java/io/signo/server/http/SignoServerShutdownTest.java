package io.signo.server.http;

import io.signo.server.query.LocalQueryRunner;
import io.signo.server.query.QueryManager;
import io.signo.sql.QueryResult;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Closing the server (what SIGTERM does) fails the running queries with a clear error, refuses new ones and stops serving, promptly. */
class SignoServerShutdownTest
{
    @Test
    void closingCancelsRunningQueriesAndStopsServing()
            throws Exception
    {
        SignoServer server = SignoServer.start(ServerOptions.local(0),
                address -> new LocalQueryRunner(new SignoEngine(TpchData.generate(0.01, 1, MemoryPool.unbounded("tpch")), 1), address));
        QueryManager queries = server.queryManager();
        ApiClient client = new ApiClient(server.uri(), null);
        CompletableFuture<QueryResult> running = CompletableFuture.supplyAsync(() -> queries.execute(new Session("alice"), SignoServerTest.LONG_QUERY));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (queries.runningCount() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(1, client.json("/v1/info").get("runningQueries").asInt());

        assertTimeoutPreemptively(Duration.ofSeconds(10), server::close);

        ExecutionException failure = assertThrows(ExecutionException.class, () -> running.get(5, TimeUnit.SECONDS));
        SignoException error = assertInstanceOf(SignoException.class, failure.getCause());
        assertTrue(error.getMessage().contains(SignoServer.SHUTDOWN_REASON), error.getMessage());
        assertEquals(ServerState.SHUTTING_DOWN, server.state());

        SignoException refused = assertThrows(SignoException.class, () -> queries.execute(new Session("bob"), "select 1"));
        assertEquals(ErrorCode.SERVER_SHUTTING_DOWN, refused.errorCode());
        assertThrows(UncheckedIOException.class, () -> client.get("/v1/info"));
        // a second close is harmless
        server.close();
    }
}
