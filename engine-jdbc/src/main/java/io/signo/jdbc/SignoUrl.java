package io.signo.jdbc;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;

import static java.util.Objects.requireNonNull;

/**
 * A parsed {@code jdbc:signo://host:port[/][?name=value&...]}: where the server is and the
 * properties the URL sets ({@code user}, {@code password}, {@code token}); properties passed to
 * {@code DriverManager} override URL parameters of the same name.
 */
record SignoUrl(String host, int port, Properties properties)
{
    static final String PREFIX = "jdbc:signo://";

    SignoUrl
    {
        requireNonNull(host, "host is null");
        requireNonNull(properties, "properties is null");
    }

    static boolean accepts(String url)
    {
        return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    static SignoUrl parse(String url)
            throws SQLException
    {
        if (!accepts(url)) {
            throw new SQLException("not a Signo URL (expected " + PREFIX + "host:port): " + url);
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
            throw new SQLException("a Signo URL names a host and a port: " + PREFIX + "host:port, not " + url);
        }
        String host = rest.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(rest.substring(colon + 1));
        }
        catch (NumberFormatException e) {
            throw new SQLException("invalid port in " + url, e);
        }
        if (port <= 0 || port > 65535) {
            throw new SQLException("invalid port in " + url);
        }
        Properties properties = new Properties();
        if (!query.isEmpty()) {
            for (String pair : query.split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int equals = pair.indexOf('=');
                if (equals <= 0) {
                    throw new SQLException("URL parameters are name=value pairs: '" + pair + "' in " + url);
                }
                String name = URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
                properties.setProperty(name, URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
            }
        }
        return new SignoUrl(host, port, properties);
    }

    /** Where Avatica's remote protocol is served. */
    String endpoint()
    {
        String bracketedHost = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
        // the trailing slash: a Jetty context at /v1/jdbc redirects the bare path, and a redirect loses the POST
        return "http://" + bracketedHost + ":" + port + "/v1/jdbc/";
    }
}
