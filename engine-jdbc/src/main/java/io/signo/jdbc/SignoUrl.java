package io.signo.jdbc;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.Locale;
import java.util.Properties;

import static java.util.Objects.requireNonNull;

/**
 * A parsed {@code jdbc:signo://host:port[/][?name=value&...]}: where the server is and the
 * properties the URL sets ({@code user}, {@code token}, {@code connectTimeout}, ...), their names in
 * lower case; properties passed to {@code DriverManager} override URL parameters of the same name.
 */
final class SignoUrl
{
    static final String PREFIX = "jdbc:signo://";

    private final String host;
    private final int port;
    private final Properties properties;

    private SignoUrl(String host, int port, Properties properties)
    {
        this.host = requireNonNull(host, "host is null");
        this.port = port;
        this.properties = requireNonNull(properties, "properties is null");
    }

    static boolean accepts(String url)
    {
        return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /** @throws SQLException (SQLSTATE 08001) when {@code url} is not a Signo URL or names no host and port */
    static SignoUrl parse(String url)
            throws SQLException
    {
        if (!accepts(url)) {
            throw invalid("not a Signo URL (expected " + PREFIX + "host:port): " + url, null);
        }
        String rest = url.substring(PREFIX.length());
        String query = "";
        int question = rest.indexOf('?');
        if (question >= 0) {
            query = rest.substring(question + 1);
            rest = rest.substring(0, question);
        }
        if (rest.endsWith("/")) {
            rest = rest.substring(0, rest.length() - 1);
        }
        int colon = rest.lastIndexOf(':');
        if (colon <= 0 || colon == rest.length() - 1 || rest.indexOf('/') >= 0) {
            throw invalid("a Signo URL names a host and a port: " + PREFIX + "host:port, not " + url, null);
        }
        String host = rest.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(rest.substring(colon + 1));
        }
        catch (NumberFormatException e) {
            throw invalid("invalid port in " + url, e);
        }
        if (port <= 0 || port > 65535) {
            throw invalid("invalid port in " + url + ": it must be between 1 and 65535", null);
        }
        Properties properties = new Properties();
        if (!query.isEmpty()) {
            for (String pair : query.split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int equals = pair.indexOf('=');
                if (equals <= 0) {
                    throw invalid("URL parameters are name=value pairs: '" + pair + "' in " + url, null);
                }
                try {
                    String name = URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
                    properties.setProperty(name, URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
                }
                catch (IllegalArgumentException e) {
                    throw invalid("invalid escape in URL parameter '" + pair + "' of " + url, e);
                }
            }
        }
        return new SignoUrl(host, port, properties);
    }

    private static SQLException invalid(String message, Throwable cause)
    {
        return new SQLNonTransientConnectionException(message, DriverErrors.UNABLE_TO_CONNECT, cause);
    }

    String host()
    {
        return host;
    }

    int port()
    {
        return port;
    }

    /** The URL's parameters, names in lower case. */
    Properties properties()
    {
        return properties;
    }

    /** Where Avatica's remote protocol is served. */
    String endpoint()
    {
        String bracketedHost = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
        // the trailing slash: a Jetty context at /v1/jdbc redirects the bare path, and a redirect loses the POST
        return "http://" + bracketedHost + ":" + port + "/v1/jdbc/";
    }
}
