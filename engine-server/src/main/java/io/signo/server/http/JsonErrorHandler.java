package io.signo.server.http;

import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Jetty's own errors (a malformed request, a handler that threw) in the API's JSON form instead of HTML. */
final class JsonErrorHandler
        extends ErrorHandler
{
    @Override
    protected void generateAcceptableResponse(Request baseRequest, HttpServletRequest request, HttpServletResponse response, int code, String message)
            throws IOException
    {
        baseRequest.setHandled(true);
        JsonResponse.error(response, code, code >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST", message == null ? "HTTP " + code : message);
    }
}
