package io.signo.jdbc;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.ConnectionConfig;
import org.apache.calcite.avatica.remote.AvaticaHttpClient;
import org.apache.calcite.avatica.remote.RemoteProtobufService;
import org.apache.calcite.avatica.remote.Service;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * Builds the connection's remote service: protobuf over Signo's HTTP client, with the message names
 * the server expects (see {@link WireNames}). Avatica instantiates it by class name (the
 * {@code factory} connection property).
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
        AvaticaHttpClient client;
        try {
            client = config.httpClientFactory().getClient(new URI(config.url()).toURL(), config, null);
        }
        catch (MalformedURLException | URISyntaxException e) {
            throw new IllegalArgumentException("invalid server URL " + config.url(), e);
        }
        return new RemoteProtobufService(client, WireNames.create());
    }
}
