package io.signo.sql;

/**
 * An error a user caused or can act on: a syntax or validation error (with its line and column), an
 * unsupported feature, or a query that failed while running. The message is complete as it is.
 */
public final class SignoException
        extends RuntimeException
{
    public enum ErrorCode
    {
        SYNTAX_ERROR,
        VALIDATION_ERROR,
        NOT_SUPPORTED,
        EXCEEDED_MEMORY_LIMIT,
        DIVISION_BY_ZERO,
        NUMERIC_OVERFLOW,
        INVALID_ARGUMENT,
        PLANNING_TIMEOUT,
        QUERY_CANCELLED,
        SERVER_SHUTTING_DOWN,
        INTERNAL_ERROR
    }

    private final ErrorCode errorCode;

    public SignoException(ErrorCode errorCode, String message)
    {
        super(message);
        this.errorCode = errorCode;
    }

    public SignoException(ErrorCode errorCode, String message, Throwable cause)
    {
        super(message, cause);
        this.errorCode = errorCode;
    }

    public ErrorCode errorCode()
    {
        return errorCode;
    }
}
