package io.signo.server.http;

import java.util.List;

import static java.util.Objects.requireNonNull;

/** A request the REST API refuses: the HTTP status and the JSON body's code and message. */
final class ApiException
        extends RuntimeException
{
    private final int status;
    private final String code;
    private final List<String> allowedMethods;

    ApiException(int status, String code, String message)
    {
        this(status, code, message, List.of());
    }

    /** @param allowedMethods for a 405, the methods the path accepts */
    ApiException(int status, String code, String message, List<String> allowedMethods)
    {
        super(requireNonNull(message, "message is null"));
        this.status = status;
        this.code = requireNonNull(code, "code is null");
        this.allowedMethods = List.copyOf(allowedMethods);
    }

    int status()
    {
        return status;
    }

    String code()
    {
        return code;
    }

    List<String> allowedMethods()
    {
        return allowedMethods;
    }
}
