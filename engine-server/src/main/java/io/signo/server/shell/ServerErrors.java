package io.signo.server.shell;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of an error that came back from the server, as the in-process command prints it. The
 * driver wraps Signo's message as {@code Error 2 (42000) : Error while executing SQL "...": Remote
 * driver error: MESSAGE [ERROR_CODE]}; the user needs MESSAGE only (the SQL is what they typed).
 */
public final class ServerErrors
{
    private static final String REMOTE_PREFIX = "Remote driver error: ";
    private static final Pattern ERROR_CODE = Pattern.compile("\\s*\\[[A-Z_]+]\\s*$");

    private ServerErrors() {}

    public static String message(SQLException error)
    {
        String message = error.getMessage();
        if (message == null || message.isBlank()) {
            return error.toString();
        }
        int remote = message.indexOf(REMOTE_PREFIX);
        if (remote < 0) {
            return message;
        }
        String text = message.substring(remote + REMOTE_PREFIX.length());
        Matcher code = ERROR_CODE.matcher(text);
        return code.find() ? text.substring(0, code.start()) : text;
    }
}
