package io.signo.jdbc;

import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.remote.Driver;

import java.sql.Connection;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.time.Duration;
import java.util.Locale;
import java.util.Properties;

/**
 * The JDBC driver of Signo: {@code jdbc:signo://host:port[?user=...&token=...]}. It speaks Avatica's
 * remote protocol (protobuf over HTTP) to the server's {@code /v1/jdbc} endpoint. Properties (in
 * the URL or passed to {@code DriverManager}; names are not case sensitive): {@code user} (default
 * {@code signo}), {@code password} (accepted and not checked: the server authenticates with
 * tokens), {@code token} (sent as {@code Authorization: Bearer} on every request),
 * {@code connectTimeout} and {@code socketTimeout} (whole seconds, 0 for no limit). Other Avatica
 * connection properties pass through. Every failure is a {@link SQLException}.
 */
public final class SignoDriver
        extends Driver
{
    static final String DEFAULT_USER = "signo";
    static final String CONNECT_TIMEOUT = "connectTimeout";
    static final String SOCKET_TIMEOUT = "socketTimeout";
    static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** No limit: a statement waits for its first rows as long as its query takes to produce them. */
    static final Duration DEFAULT_SOCKET_TIMEOUT = Duration.ZERO;
    /** A day: longer is a typo, and Duration's milliseconds must not overflow. */
    private static final long MAX_TIMEOUT_SECONDS = 86_400;

    static {
        new SignoDriver().register();
    }

    public SignoDriver()
    {
    }

    @Override
    protected String getConnectStringPrefix()
    {
        return SignoUrl.PREFIX;
    }

    @Override
    protected String getFactoryClassName(JdbcVersion jdbcVersion)
    {
        return SignoJdbcFactory.class.getName();
    }

    @Override
    protected DriverVersion createDriverVersion()
    {
        String version = SignoDriver.class.getPackage().getImplementationVersion();
        return new DriverVersion("Signo JDBC Driver", version == null ? "0.1" : version, "Signo", version == null ? "0.1" : version, true, 0, 1, 0, 1);
    }

    @Override
    public boolean acceptsURL(String url)
    {
        return SignoUrl.accepts(url);
    }

    @Override
    public Connection connect(String url, Properties info)
            throws SQLException
    {
        if (!acceptsURL(url)) {
            // DriverManager asks every driver; null says "not mine"
            return null;
        }
        Properties properties = avaticaProperties(SignoUrl.parse(url), info);
        // Avatica reads "name=value;..." after the prefix; everything is in the properties already
        return DriverErrors.translating(() -> super.connect(SignoUrl.PREFIX, properties));
    }

    /**
     * Translates Signo's URL and properties into those of Avatica's remote driver.
     *
     * @throws SQLException (SQLSTATE 08001) when a timeout is not a whole number of seconds
     */
    static Properties avaticaProperties(SignoUrl url, Properties info)
            throws SQLException
    {
        Properties properties = new Properties();
        properties.putAll(url.properties());
        if (info != null) {
            for (String name : info.stringPropertyNames()) {
                properties.setProperty(name.toLowerCase(Locale.ROOT), info.getProperty(name));
            }
        }
        String user = properties.getProperty("user");
        if (user == null || user.isBlank()) {
            properties.setProperty("user", DEFAULT_USER);
        }
        Duration connectTimeout = timeout(properties, CONNECT_TIMEOUT, DEFAULT_CONNECT_TIMEOUT);
        Duration socketTimeout = timeout(properties, SOCKET_TIMEOUT, DEFAULT_SOCKET_TIMEOUT);
        properties.setProperty("url", url.endpoint());
        properties.setProperty("serialization", "protobuf");
        properties.setProperty("factory", SignoServiceFactory.class.getName());
        properties.setProperty("avatica_user", properties.getProperty("user"));
        // Avatica's own names, which it keeps to the client: the service factory reads them back
        properties.setProperty("http_connection_timeout", Long.toString(connectTimeout.toMillis()));
        properties.setProperty("http_response_timeout", Long.toString(socketTimeout.toMillis()));
        String token = properties.getProperty("token");
        if (token != null && !token.isBlank()) {
            properties.setProperty("bearer_token", token);
        }
        // the server never needs the secrets, nor the client's timeouts: the token travels in the header
        properties.remove("token");
        properties.remove("password");
        properties.remove(CONNECT_TIMEOUT.toLowerCase(Locale.ROOT));
        properties.remove(SOCKET_TIMEOUT.toLowerCase(Locale.ROOT));
        return properties;
    }

    private static Duration timeout(Properties properties, String name, Duration defaultValue)
            throws SQLException
    {
        String value = properties.getProperty(name.toLowerCase(Locale.ROOT));
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        long seconds;
        try {
            seconds = Long.parseLong(value.strip());
        }
        catch (NumberFormatException e) {
            throw invalidTimeout(name, value, e);
        }
        if (seconds < 0 || seconds > MAX_TIMEOUT_SECONDS) {
            throw invalidTimeout(name, value, null);
        }
        return Duration.ofSeconds(seconds);
    }

    private static SQLException invalidTimeout(String name, String value, Throwable cause)
    {
        return new SQLNonTransientConnectionException("invalid " + name + " '" + value + "': a whole number of seconds from 0 (no limit) to " + MAX_TIMEOUT_SECONDS,
                DriverErrors.UNABLE_TO_CONNECT, cause);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info)
    {
        DriverPropertyInfo user = new DriverPropertyInfo("user", info == null ? null : info.getProperty("user"));
        user.description = "The user name the server shows for this connection's queries (default signo).";
        DriverPropertyInfo password = new DriverPropertyInfo("password", null);
        password.description = "Accepted for tools that always send one; the server authenticates with tokens.";
        DriverPropertyInfo token = new DriverPropertyInfo("token", null);
        token.description = "Bearer token, when the server requires one; sent in the Authorization header.";
        DriverPropertyInfo connectTimeout = new DriverPropertyInfo(CONNECT_TIMEOUT, Long.toString(DEFAULT_CONNECT_TIMEOUT.toSeconds()));
        connectTimeout.description = "Seconds to wait for a TCP connection to the server; 0 waits as long as the system does.";
        DriverPropertyInfo socketTimeout = new DriverPropertyInfo(SOCKET_TIMEOUT, Long.toString(DEFAULT_SOCKET_TIMEOUT.toSeconds()));
        socketTimeout.description = "Seconds to wait for the server's answer to one request (a statement's first rows, the next rows, metadata); 0, the default, waits without limit.";
        return new DriverPropertyInfo[] {user, password, token, connectTimeout, socketTimeout};
    }
}
