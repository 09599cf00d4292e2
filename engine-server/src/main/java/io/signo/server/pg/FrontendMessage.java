package io.signo.server.pg;

import java.util.Map;

/**
 * The messages a PostgreSQL client sends, as {@link PgMessageReader} decodes them: the untyped
 * startup packets (startup, SSL and GSS encryption requests, cancel) and the typed messages of the
 * simple and extended query protocols. Strings are decoded as UTF-8; parameter values stay bytes
 * until they are bound.
 */
sealed interface FrontendMessage
{
    /** StartupMessage of protocol 3.{@code minorVersion}: user, database, options and the other parameters. */
    record Startup(int minorVersion, Map<String, String> parameters)
            implements FrontendMessage {}

    /** SSLRequest or GSSENCRequest: answered 'N', then the client sends its startup in the clear. */
    record EncryptionRequest(String kind)
            implements FrontendMessage {}

    /** CancelRequest, on a connection of its own: cancels the statement of the backend with this key. */
    record CancelRequest(int processId, int secretKey)
            implements FrontendMessage {}

    /** 'p': the password, after AuthenticationCleartextPassword. */
    record Password(String password)
            implements FrontendMessage {}

    /** 'Q': one or more statements, run with the simple query protocol. */
    record Query(String sql)
            implements FrontendMessage {}

    /** 'P': prepares {@code sql} under {@code name} ("" the unnamed statement); a type OID of 0 leaves the parameter's type to the server. */
    record Parse(String name, String sql, int[] parameterTypes)
            implements FrontendMessage {}

    /**
     * 'B': binds values to a prepared statement into a portal. Format codes: none means all text, one
     * applies to all, else one each (0 text, 1 binary); a null value is a null array element.
     */
    record Bind(String portal, String statement, short[] parameterFormats, byte[][] values, short[] resultFormats)
            implements FrontendMessage {}

    /** 'D': describes a prepared statement ('S') or a portal ('P'). */
    record Describe(byte kind, String name)
            implements FrontendMessage {}

    /** 'E': runs a portal for at most {@code maxRows} rows (0: all). */
    record Execute(String portal, int maxRows)
            implements FrontendMessage {}

    /** 'C': closes a prepared statement ('S') or a portal ('P'). */
    record Close(byte kind, String name)
            implements FrontendMessage {}

    /** 'S': the end of an extended-query cycle: answered with ReadyForQuery. */
    record Sync()
            implements FrontendMessage {}

    /** 'H': send what is pending without ending the cycle. */
    record Flush()
            implements FrontendMessage {}

    /** 'X': the client closes the connection. */
    record Terminate()
            implements FrontendMessage {}

    /** A message Signo does not take (COPY data, function calls): an error, the connection goes on. */
    record Unsupported(char type, String what)
            implements FrontendMessage {}

    /** What the decoders make of bytes that break the protocol: the connection answers with the error and ends. */
    record ProtocolError(PgException error)
            implements FrontendMessage {}
}
