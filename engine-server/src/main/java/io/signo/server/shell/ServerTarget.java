package io.signo.server.shell;

import io.signo.jdbc.SignoDriver;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;

import static java.util.Objects.requireNonNull;

/**
 * The server a {@code signo sql --server} command talks to: its {@code host:port}, the user name the
 * server shows for its queries and the bearer token, if any.
 */
public record ServerTarget(String address, String user, String token)
{
    public ServerTarget
    {
        requireNonNull(address, "address is null");
        requireNonNull(user, "user is null");
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || colon == address.length() - 1 || !isPort(address.substring(colon + 1))) {
            throw new IllegalArgumentException("expected host:port, was '" + address + "'");
        }
        if (token != null && token.isBlank()) {
            token = null;
        }
    }

    public String url()
    {
        return "jdbc:signo://" + address;
    }

    /** Opens a connection with Signo's driver directly, so that no other driver on the class path can answer. */
    public Connection connect()
            throws SQLException
    {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        if (token != null) {
            properties.setProperty("token", token);
        }
        Connection connection = new SignoDriver().connect(url(), properties);
        if (connection == null) {
            throw new SQLException("the Signo driver does not accept " + url());
        }
        return connection;
    }

    private static boolean isPort(String text)
    {
        if (text.isEmpty() || text.length() > 5) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return false;
            }
        }
        int port = Integer.parseInt(text);
        return port > 0 && port <= 65535;
    }

    @Override
    public String toString()
    {
        // never print the token
        return "ServerTarget[" + address + ", user=" + user + (token == null ? "" : ", token=***") + "]";
    }
}
