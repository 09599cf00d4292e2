package io.signo.storage.error;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import static java.util.Objects.requireNonNull;

/**
 * An error with a code, thrown where it happens: a syntax or validation error (with its line and
 * column), an unsupported feature, or a query that failed while running (division by zero, overflow,
 * a bad cast, a memory limit, corrupt data). The message is complete as it is and is shown to the
 * user. Any other exception that reaches a user is an {@link ErrorCode#INTERNAL_ERROR}.
 */
public class SignoException
        extends RuntimeException
{
    private static final System.Logger LOG = System.getLogger(SignoException.class.getName());

    private final ErrorCode errorCode;

    public SignoException(ErrorCode errorCode, String message)
    {
        super(message);
        this.errorCode = requireNonNull(errorCode, "errorCode is null");
    }

    public SignoException(ErrorCode errorCode, String message, Throwable cause)
    {
        super(message, cause);
        this.errorCode = requireNonNull(errorCode, "errorCode is null");
    }

    public ErrorCode errorCode()
    {
        return errorCode;
    }

    /**
     * The error a user sees for a failure: a {@code SignoException} as it is (through the wrappers of
     * futures), anything else an {@link ErrorCode#INTERNAL_ERROR}, logged here with its stack trace
     * since it is a bug.
     */
    public static SignoException of(Throwable failure)
    {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof SignoException signo) {
            return signo;
        }
        LOG.log(System.Logger.Level.ERROR, "internal error", cause);
        return new SignoException(ErrorCode.INTERNAL_ERROR, "internal error: " + cause, cause);
    }
}
