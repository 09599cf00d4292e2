package io.signo.jdbc;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.ConnectionConfig;
import org.apache.calcite.avatica.remote.RemoteProtobufService;
import org.apache.calcite.avatica.remote.Service;

import java.net.URI;
import java.time.Duration;

/**
 * Builds the connection's remote service: protobuf over Signo's HTTP client (with the
 * connection's token and timeouts), with the message names the server expects (see
 * {@link WireNames}). Avatica instantiates it by class name (the {@code factory} connection
 * property).
 */
public final class SignoServiceFactory
        implements Service.Factory
{
    public SignoServiceFactory()
    {
    }

    @Override
    public Service create(AvaticaConnection connection)
    {
        ConnectionConfig config = connection.config();
        // the driver checked the URL and the timeouts before it made the connection
        BearerHttpClient client = new BearerHttpClient(
                URI.create(config.url()),
                config.getBearerToken(),
                Duration.ofMillis(config.getHttpConnectionTimeout()),
                Duration.ofMillis(config.getHttpResponseTimeout()));
        return new RemoteProtobufService(client, WireNames.create());
    }
}
