package io.signo.server.jdbc;

import io.signo.server.query.QueryManager;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.AbstractHandler;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import static java.util.Objects.requireNonNull;

/**
 * The JDBC endpoint the HTTP server mounts at {@code /v1/jdbc}. A placeholder that answers 501
 * until the Avatica endpoint replaces it; the server passes it every request whose path is
 * {@code /v1/jdbc} or below, with the full path as the target.
 */
public final class JdbcEndpoint
{
    private JdbcEndpoint() {}

    public static Handler handler(QueryManager queryManager)
    {
        requireNonNull(queryManager, "queryManager is null");
        return new AbstractHandler()
        {
            @Override
            public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
                    throws IOException
            {
                baseRequest.setHandled(true);
                response.setStatus(HttpServletResponse.SC_NOT_IMPLEMENTED);
                response.setContentType("application/json");
                response.getOutputStream().write("{\"error\": \"the JDBC endpoint is not available in this build\", \"code\": \"NOT_IMPLEMENTED\"}".getBytes(StandardCharsets.UTF_8));
            }
        };
    }
}
