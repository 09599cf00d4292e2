package io.signo.server.jdbc;

import io.signo.server.query.QueryManager;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.AvaticaProtobufHandler;
import org.eclipse.jetty.server.Handler;

/**
 * The JDBC endpoint of a server: Avatica's remote protocol (protobuf over HTTP POST) answered by
 * {@link SignoMeta} over the server's {@link QueryManager}. The HTTP server mounts it at
 * {@code /v1/jdbc}, where {@code jdbc:signo://host:port} connects.
 */
public final class JdbcEndpoint
{
    public static final String PATH = "/v1/jdbc";

    private JdbcEndpoint() {}

    public static Handler handler(QueryManager queryManager)
    {
        return new AvaticaProtobufHandler(new LocalService(new SignoMeta(queryManager)));
    }
}
