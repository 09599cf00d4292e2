package io.signo.server.pg;

import io.signo.storage.error.ErrorCode;

/**
 * The SQLSTATE every error a PostgreSQL client receives carries, in one place: a statement's
 * failure has its {@link ErrorCode}'s SQLSTATE (42601 syntax error, 42P01 undefined table, 42703
 * undefined column, 22012 division by zero, 22003 numeric overflow, 57014 query canceled, 0A000
 * feature not supported, XX000 internal error, ...; docs/errors.md lists them), and the protocol's
 * own conditions have PostgreSQL's codes, the constants below.
 */
final class SqlStates
{
    /** A malformed, truncated, too long or unknown message; startup without a user. */
    static final String PROTOCOL_VIOLATION = "08P01";
    /** The password does not match the server's token. */
    static final String INVALID_PASSWORD = "28P01";
    /** A startup the server cannot accept (protocol version). */
    static final String REJECTED_CONNECTION = "08004";
    /** A prepared statement name that is unknown, or taken when a new one is parsed under it. */
    static final String INVALID_STATEMENT_NAME = "26000";
    static final String DUPLICATE_PREPARED_STATEMENT = "42P05";
    /** A portal or cursor name that is unknown, or taken. */
    static final String INVALID_CURSOR_NAME = "34000";
    static final String DUPLICATE_CURSOR = "42P03";
    /** A statement sent after an error inside a transaction block, before ROLLBACK. */
    static final String IN_FAILED_TRANSACTION = "25P02";
    /** DECLARE ... CURSOR outside a transaction block (without WITH HOLD). */
    static final String NO_ACTIVE_TRANSACTION = "25P01";
    /** SET or SHOW of a setting that does not exist. */
    static final String UNDEFINED_OBJECT = "42704";
    /** A SET value the setting does not take. */
    static final String INVALID_PARAMETER_VALUE = "22023";
    /** A Bind that gives a wrong number of values or format codes. */
    static final String WRONG_PARAMETER_COUNT = "08P01";
    /** A parameter value that cannot be read as its type. */
    static final String INVALID_TEXT_REPRESENTATION = "22P02";
    static final String INVALID_BINARY_REPRESENTATION = "22P03";
    static final String FEATURE_NOT_SUPPORTED = "0A000";

    private SqlStates() {}

    /** The SQLSTATE of a statement's failure. */
    static String of(ErrorCode code)
    {
        return code.sqlState();
    }
}
