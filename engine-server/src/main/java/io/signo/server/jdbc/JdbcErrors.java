package io.signo.server.jdbc;

import io.signo.sql.SignoEngine;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;

/**
 * Turns Signo's errors into the errors Avatica sends to the client, which become the message, the
 * vendor code and the SQLState of the client's {@code SQLException}. The message is Signo's as it
 * is (it already says what and where, e.g. a line and column); the vendor code is the
 * {@link ErrorCode#number()} and the SQLState the code's {@link ErrorCode#sqlState()}.
 */
final class JdbcErrors
{
    private static final System.Logger LOG = System.getLogger(JdbcErrors.class.getName());

    private JdbcErrors() {}

    static AvaticaRuntimeException toClient(RuntimeException failure)
    {
        if (failure instanceof AvaticaRuntimeException avatica) {
            return avatica;
        }
        SignoException signo = SignoEngine.translateFailure(failure);
        ErrorCode code = signo.errorCode();
        String message = signo.getMessage();
        if (code == ErrorCode.INTERNAL_ERROR && !message.startsWith("internal error (query id ")) {
            // a failure outside a query (describing a statement, the catalog): its text names the server's classes
            LOG.log(System.Logger.Level.ERROR, "JDBC call failed: " + message, signo);
            message = "internal error: the server log has the details";
        }
        return new AvaticaRuntimeException(message + " [" + code + "]", code.number(), code.sqlState(), AvaticaSeverity.ERROR);
    }
}
