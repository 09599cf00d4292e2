package io.signo.jdbc;

import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.remote.Driver;

import java.sql.Connection;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;

/**
 * The JDBC driver of Signo: {@code jdbc:signo://host:port[?user=...&token=...]}. It speaks Avatica's
 * remote protocol (protobuf over HTTP) to the server's {@code /v1/jdbc} endpoint. Properties (in
 * the URL or passed to {@code DriverManager}): {@code user} (default {@code signo}),
 * {@code password} (accepted and not checked: the server authenticates with tokens),
 * {@code token} (sent as {@code Authorization: Bearer} on every request). Other Avatica connection
 * properties pass through.
 */
public final class SignoDriver
        extends Driver
{
    static final String DEFAULT_USER = "signo";

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
        // Avatica reads "name=value;..." after the prefix; everything is in the properties already
        return super.connect(SignoUrl.PREFIX, avaticaProperties(SignoUrl.parse(url), info));
    }

    /** Translates Signo's URL and properties into those of Avatica's remote driver. */
    static Properties avaticaProperties(SignoUrl url, Properties info)
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
        properties.setProperty("url", url.endpoint());
        properties.setProperty("serialization", "protobuf");
        properties.setProperty("factory", SignoServiceFactory.class.getName());
        properties.setProperty("httpclient_impl", BearerHttpClient.class.getName());
        properties.setProperty("avatica_user", properties.getProperty("user"));
        String token = properties.getProperty("token");
        if (token != null && !token.isBlank()) {
            properties.setProperty("authentication", "BEARER");
            properties.setProperty("bearer_token", token);
        }
        // the server never needs the secrets in the connection's properties: the token travels in the header
        properties.remove("token");
        properties.remove("password");
        return properties;
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
        return new DriverPropertyInfo[] {user, password, token};
    }
}
