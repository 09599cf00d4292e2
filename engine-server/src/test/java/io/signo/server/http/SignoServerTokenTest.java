package io.signo.server.http;

import io.signo.server.query.LocalQueryRunner;
import io.signo.sql.SignoEngine;
import io.signo.storage.table.Catalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** With a token, every path but GET /v1/info needs it, the JDBC endpoint and the metrics included. */
class SignoServerTokenTest
{
    private static final String TOKEN = "s3cret-token";
    private static final List<String> PROTECTED = List.of("/v1/cluster", "/v1/queries", "/v1/queries/x", "/v1/openapi.json", "/metrics", "/v1/jdbc", "/v1/nothing");

    private static SignoServer server;

    @BeforeAll
    static void start()
    {
        server = SignoServer.start(ServerOptions.local(0).withToken(TOKEN), address -> new LocalQueryRunner(new SignoEngine(new Catalog("tpch"), 1), address));
    }

    @AfterAll
    static void stop()
    {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void withoutTheTokenEveryPathButInfoIsUnauthorized()
    {
        ApiClient anonymous = new ApiClient(server.uri(), null);
        for (String path : PROTECTED) {
            HttpResponse<String> response = anonymous.get(path);
            assertEquals(401, response.statusCode(), path);
            assertEquals("Bearer realm=\"signo\"", response.headers().firstValue("WWW-Authenticate").orElseThrow(), path);
            assertEquals("UNAUTHORIZED", ApiClient.parse(response.body()).get("code").asText());
        }
        assertEquals(401, anonymous.send("POST", "/v1/jdbc").statusCode());
        assertEquals(401, anonymous.send("DELETE", "/v1/info").statusCode());
        assertEquals(200, anonymous.get("/v1/info").statusCode());
    }

    @Test
    void aWrongTokenIsUnauthorized()
    {
        for (String wrong : List.of("s3cret-toke", "s3cret-token2", "S3CRET-TOKEN", "")) {
            assertEquals(401, new ApiClient(server.uri(), wrong).get("/v1/queries").statusCode(), wrong);
        }
    }

    @Test
    void withTheTokenTheApiAnswers()
    {
        ApiClient authorized = new ApiClient(server.uri(), TOKEN);
        assertEquals(200, authorized.get("/v1/cluster").statusCode());
        assertEquals(200, authorized.get("/v1/queries").statusCode());
        assertEquals(200, authorized.get("/metrics").statusCode());
        assertEquals(200, authorized.get("/v1/info").statusCode());
        assertEquals(404, authorized.get("/v1/queries/x").statusCode());
        assertTrue(authorized.get("/v1/jdbc").statusCode() != 401);
    }

    @Test
    void theJdbcDriverFailsWithoutTheRightTokenWithAnAuthorizationError()
            throws SQLException
    {
        String url = "jdbc:signo://127.0.0.1:" + server.port();
        SQLException missing = assertThrows(SQLException.class, () -> DriverManager.getConnection(url));
        assertInstanceOf(SQLInvalidAuthorizationSpecException.class, missing);
        assertEquals("28000", missing.getSQLState());
        assertTrue(missing.getMessage().contains("needs a token"), missing.getMessage());
        SQLException wrong = assertThrows(SQLException.class, () -> DriverManager.getConnection(url + "?token=s3cret-toke"));
        assertEquals("28000", wrong.getSQLState());
        assertTrue(wrong.getMessage().contains("the token is not accepted"), wrong.getMessage());
        try (Connection connection = DriverManager.getConnection(url + "?token=" + TOKEN);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("select 1 + 1")) {
            assertTrue(rows.next());
            assertEquals(2, rows.getInt(1));
        }
    }
}
