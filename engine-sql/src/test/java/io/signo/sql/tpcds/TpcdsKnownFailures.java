package io.signo.sql.tpcds;

import io.signo.storage.error.SignoException;

import java.util.Map;
import java.util.TreeMap;

/**
 * The TPC-DS statements Signo does not yet answer as DuckDB does at a scale factor, each with the reason, written as
 * {@code ERROR_CODE: message} (the message's first line, positions left out) for an error, or
 * {@value #WRONG_RESULT} for an answer that differs. This is the honest record of what is missing:
 * {@link TpcdsQueryComparison} checks that each listed statement still fails with exactly its reason,
 * so an entry goes away in the change that makes its statement pass.
 */
public final class TpcdsKnownFailures
{
    public static final String WRONG_RESULT = "WRONG_RESULT: the answer differs from DuckDB's";

    private static final Map<String, String> REASONS = new TreeMap<>();

    static {
        // every statement passes at SF 0.01 and 0.1; a regression or a new gap is listed here with its reason as REASONS.put(key("q01", 0.01), "...")
    }

    private TpcdsKnownFailures() {}

    /** The listed reason why {@code name} fails at {@code scaleFactor}, or null when it must pass. */
    public static String reason(String name, double scaleFactor)
    {
        return REASONS.get(key(name, scaleFactor));
    }

    private static String key(String name, double scaleFactor)
    {
        return name + " at SF " + scaleFactor;
    }

    /** How a failure is written in the list. */
    public static String reasonOf(SignoException failure)
    {
        String message = failure.getMessage() == null ? "" : failure.getMessage().strip();
        int lineEnd = message.indexOf('\n');
        if (lineEnd >= 0) {
            message = message.substring(0, lineEnd).strip();
        }
        // positions change with the query text's layout, not with what is missing
        message = message.replaceFirst("(?i)^(from )?line \\d+, column \\d+( to line \\d+, column \\d+)?:\\s*", "")
                .replaceAll("(?i)\\s*\\(?(at )?line \\d+, column \\d+\\)?", "")
                // where it failed on a cluster is not what failed
                .replaceAll("\\s*\\(on worker [^)]*\\)", "")
                .strip();
        return failure.errorCode() + ": " + message;
    }
}
