package io.signo.server.jdbc;

import io.signo.sql.SignoException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;

/**
 * Turns Signo's errors into the errors Avatica sends to the client, which become the message, the
 * vendor code and the SQLState of the client's {@code SQLException}. The message is Signo's as it
 * is (it already says what and where, e.g. a line and column); the vendor code is the
 * {@link SignoException.ErrorCode}'s ordinal plus one.
 */
final class JdbcErrors
{
    private JdbcErrors() {}

    static AvaticaRuntimeException toClient(RuntimeException failure)
    {
        if (failure instanceof AvaticaRuntimeException avatica) {
            return avatica;
        }
        if (failure instanceof SignoException signo) {
            return new AvaticaRuntimeException(signo.getMessage() + " [" + signo.errorCode() + "]", signo.errorCode().ordinal() + 1,
                    sqlState(signo.errorCode()), AvaticaSeverity.ERROR);
        }
        return new AvaticaRuntimeException("internal error: " + failure, SignoException.ErrorCode.INTERNAL_ERROR.ordinal() + 1,
                sqlState(SignoException.ErrorCode.INTERNAL_ERROR), AvaticaSeverity.ERROR);
    }

    /** The SQLState classes of the SQL standard (and PostgreSQL's, where the standard has none). */
    static String sqlState(SignoException.ErrorCode code)
    {
        return switch (code) {
            case SYNTAX_ERROR -> "42601";
            case VALIDATION_ERROR -> "42000";
            case NOT_SUPPORTED -> "0A000";
            case EXCEEDED_MEMORY_LIMIT -> "53200";
            case DIVISION_BY_ZERO -> "22012";
            case NUMERIC_OVERFLOW -> "22003";
            case INVALID_ARGUMENT -> "22023";
            case PLANNING_TIMEOUT, QUERY_CANCELLED -> "57014";
            case SERVER_SHUTTING_DOWN -> "57P01";
            case INTERNAL_ERROR -> "XX000";
        };
    }
}
