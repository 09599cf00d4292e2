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
    /** The longest message kept whole: a message that quotes a huge value (a literal of megabytes) keeps its start and says how much was cut. */
    static final int MAX_MESSAGE_LENGTH = 2_000;

    private final ErrorCode errorCode;

    public SignoException(ErrorCode errorCode, String message)
    {
        super(shortened(message));
        this.errorCode = requireNonNull(errorCode, "errorCode is null");
    }

    public SignoException(ErrorCode errorCode, String message, Throwable cause)
    {
        super(shortened(message), cause);
        this.errorCode = requireNonNull(errorCode, "errorCode is null");
    }

    public ErrorCode errorCode()
    {
        return errorCode;
    }

    /**
     * The error a user sees for a failure: a {@code SignoException} as it is (through the wrappers of
     * futures); the JVM refusing native memory ("Cannot reserve ... direct buffer memory": pages past
     * {@code -XX:MaxDirectMemorySize}) an {@link ErrorCode#EXCEEDED_MEMORY_LIMIT}, since the query
     * asked for more memory than the process may use; anything else an
     * {@link ErrorCode#INTERNAL_ERROR}, logged here with its stack trace since it is a bug.
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
        if (cause instanceof OutOfMemoryError && cause.getMessage() != null && cause.getMessage().contains("direct buffer memory")) {
            return new SignoException(ErrorCode.EXCEEDED_MEMORY_LIMIT, "Query exceeded the native memory this process may use (-XX:MaxDirectMemorySize, by default the heap size): "
                    + "its pages, with the tables and the other queries', need more; add a LIMIT, or read the result as it comes (JDBC fetches it frame by frame)", cause);
        }
        LOG.log(System.Logger.Level.ERROR, "internal error", cause);
        return new SignoException(ErrorCode.INTERNAL_ERROR, "internal error: " + cause, cause);
    }

    /** {@code message}, or its first {@value #MAX_MESSAGE_LENGTH} characters and how many were cut. */
    static String shortened(String message)
    {
        if (message == null || message.length() <= MAX_MESSAGE_LENGTH) {
            return message;
        }
        return message.substring(0, MAX_MESSAGE_LENGTH) + "... (" + (message.length() - MAX_MESSAGE_LENGTH) + " more characters)";
    }
}
