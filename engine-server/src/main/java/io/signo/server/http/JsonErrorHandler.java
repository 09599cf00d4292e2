package io.signo.server.http;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Jetty's own errors in the API's JSON form instead of HTML: a request Jetty refuses before any
 * handler sees it (a malformed request line, a URI or headers past the limits: 400, 414, 431), and a
 * handler that threw (500). The message is Jetty's short reason for a refused request and never an
 * exception's text: a 500 says only "internal error", the server log has the rest.
 */
final class JsonErrorHandler
        extends ErrorHandler
{
    private static final int MAX_REASON_LENGTH = 200;

    @Override
    public boolean errorPageForMethod(String method)
    {
        // every method gets the JSON body, not only GET, POST and HEAD
        return true;
    }

    @Override
    protected void generateAcceptableResponse(Request baseRequest, HttpServletRequest request, HttpServletResponse response, int code, String message)
            throws IOException
    {
        baseRequest.setHandled(true);
        JsonResponse.error(response, code, code(code), message(code, message));
    }

    @Override
    protected void generateAcceptableResponse(Request baseRequest, HttpServletRequest request, HttpServletResponse response, int code, String message, String mimeType)
            throws IOException
    {
        generateAcceptableResponse(baseRequest, request, response, code, message);
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields fields)
    {
        fields.put(HttpHeader.CONTENT_TYPE, "application/json");
        return ByteBuffer.wrap(JsonResponse.errorBytes(code(status), message(status, reason)));
    }

    /** The JSON body's code for an HTTP status Jetty answers with. */
    static String code(int status)
    {
        return switch (status) {
            case HttpServletResponse.SC_BAD_REQUEST -> "BAD_REQUEST";
            case HttpServletResponse.SC_NOT_FOUND -> "NOT_FOUND";
            case HttpServletResponse.SC_METHOD_NOT_ALLOWED -> "METHOD_NOT_ALLOWED";
            case HttpServletResponse.SC_REQUEST_TIMEOUT -> "REQUEST_TIMEOUT";
            case HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE -> "REQUEST_TOO_LARGE";
            case HttpServletResponse.SC_REQUEST_URI_TOO_LONG -> "URI_TOO_LONG";
            case HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE_431 -> "HEADERS_TOO_LARGE";
            case HttpServletResponse.SC_SERVICE_UNAVAILABLE -> "UNAVAILABLE";
            case HttpServletResponse.SC_HTTP_VERSION_NOT_SUPPORTED -> "HTTP_VERSION_NOT_SUPPORTED";
            default -> status >= 500 ? "INTERNAL_ERROR" : "HTTP_" + status;
        };
    }

    /**
     * A short message for the status: Jetty's reason when it is a plain one ("URI too long"), the
     * status's name otherwise; never an exception's text, which may name classes and versions.
     */
    static String message(int status, String reason)
    {
        if (status >= 500 && status != HttpServletResponse.SC_HTTP_VERSION_NOT_SUPPORTED) {
            return status == HttpServletResponse.SC_SERVICE_UNAVAILABLE ? "the server is unavailable" : "internal error: the server log has the details";
        }
        if (reason == null || reason.isBlank() || reason.length() > MAX_REASON_LENGTH || reason.contains("Exception") || reason.contains("java.") || reason.contains("org.")) {
            String standard = HttpStatus.getMessage(status);
            return standard == null ? "HTTP " + status : standard;
        }
        return reason;
    }
}
