package io.signo.server.http;

import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;

import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;

import static java.util.Objects.requireNonNull;

/**
 * Passes the requests for {@code prefix} and the paths below it, with their full path as the
 * target, to the handler it wraps (the JDBC endpoint); leaves the others unhandled.
 */
final class PathPrefixHandler
        extends HandlerWrapper
{
    private final String prefix;

    PathPrefixHandler(String prefix, Handler handler)
    {
        this.prefix = requireNonNull(prefix, "prefix is null");
        setHandler(requireNonNull(handler, "handler is null"));
    }

    @Override
    public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException
    {
        if (target.equals(prefix) || target.startsWith(prefix + "/")) {
            super.handle(target, baseRequest, request, response);
        }
    }
}
