package io.signo.storage.error;

import static java.util.Objects.requireNonNull;

/**
 * What went wrong, in a form a client can act on: a stable number (the JDBC vendor code, and what
 * workers send the coordinator), the SQLSTATE that JDBC and the PostgreSQL protocol report, and
 * whose fault it was. The numbers never change once given; new codes take new numbers.
 */
public enum ErrorCode
{
    SYNTAX_ERROR(1, "42601", ErrorType.USER_ERROR),
    VALIDATION_ERROR(2, "42000", ErrorType.USER_ERROR),
    NOT_SUPPORTED(3, "0A000", ErrorType.USER_ERROR),
    EXCEEDED_MEMORY_LIMIT(4, "53200", ErrorType.INSUFFICIENT_RESOURCES),
    DIVISION_BY_ZERO(5, "22012", ErrorType.USER_ERROR),
    NUMERIC_OVERFLOW(6, "22003", ErrorType.USER_ERROR),
    INVALID_ARGUMENT(7, "22023", ErrorType.USER_ERROR),
    PLANNING_TIMEOUT(8, "57014", ErrorType.INSUFFICIENT_RESOURCES),
    QUERY_CANCELLED(9, "57014", ErrorType.USER_ERROR),
    SERVER_SHUTTING_DOWN(10, "57P01", ErrorType.EXTERNAL),
    INTERNAL_ERROR(11, "XX000", ErrorType.INTERNAL_ERROR),
    /** A value that cannot be read as the type it is cast to ({@code CAST('x' AS INTEGER)}). */
    INVALID_CAST(12, "22018", ErrorType.USER_ERROR),
    /** A date or time outside the range its type holds. */
    DATETIME_OUT_OF_RANGE(13, "22008", ErrorType.USER_ERROR),
    /** Bytes that fail validation: a truncated or damaged page, file or frame. */
    CORRUPT_DATA(14, "XX001", ErrorType.EXTERNAL),
    /** A worker process the query ran on died or became unreachable. */
    NODE_FAILED(15, "58000", ErrorType.EXTERNAL),
    /** A statement names a table or view that does not exist. */
    TABLE_NOT_FOUND(16, "42P01", ErrorType.USER_ERROR),
    /** A statement creates a table or view under a name already taken. */
    ALREADY_EXISTS(17, "42P07", ErrorType.USER_ERROR),
    /** A NULL written to a column declared NOT NULL. */
    NOT_NULL_VIOLATION(18, "23502", ErrorType.USER_ERROR),
    /** Reading or writing the database directory failed (disk full, permissions, a lock held by another process). */
    STORAGE_ERROR(19, "58030", ErrorType.EXTERNAL),
    /** A write waited too long for another statement writing the same table. */
    WRITE_CONFLICT(20, "40001", ErrorType.INSUFFICIENT_RESOURCES),
    /** A table that cannot be written: a generated or read-only one. */
    READ_ONLY_TABLE(21, "25006", ErrorType.USER_ERROR),
    /** A string longer than the VARCHAR(n) or CHAR(n) column it is written to. */
    STRING_TOO_LONG(22, "22001", ErrorType.USER_ERROR),
    /** A path or glob a statement reads that names no readable file. */
    FILE_NOT_FOUND(23, "58P01", ErrorType.USER_ERROR),
    /** A file that does not hold what its format or the statement says: a malformed CSV line, a value of the wrong type, a damaged Parquet file. */
    BAD_FILE_DATA(24, "22P04", ErrorType.USER_ERROR),
    /** A statement nested deeper than the planner goes: expressions or sub-queries within each other beyond the limit. */
    STATEMENT_TOO_COMPLEX(25, "54001", ErrorType.USER_ERROR),
    /** A sub-query used as a value returned more than one row. */
    CARDINALITY_VIOLATION(26, "21000", ErrorType.USER_ERROR),
    /** A recursive CTE whose recursive term still produced rows after the session's {@code max_recursion_depth} runs. */
    RECURSION_LIMIT_EXCEEDED(27, "54000", ErrorType.INSUFFICIENT_RESOURCES),
    /** A query names a column that none of its tables has. */
    COLUMN_NOT_FOUND(28, "42703", ErrorType.USER_ERROR),
    /** A query calls a function that does not exist, or not with arguments of these types. */
    FUNCTION_NOT_FOUND(29, "42883", ErrorType.USER_ERROR),
    /** A client used a JDBC connection the server closed after it stayed idle longer than the server's idle timeout. */
    CONNECTION_EXPIRED(30, "08003", ErrorType.USER_ERROR),
    /** A statement past the size limits: longer than the longest statement, an IN list with too many values. */
    STATEMENT_TOO_LARGE(31, "54000", ErrorType.USER_ERROR);

    /** Whose fault an error is: it decides what is logged and whether retrying can help. */
    public enum ErrorType
    {
        /** The statement or its data is wrong; the same statement fails again. */
        USER_ERROR,
        /** A limit was reached (memory, time); the statement may pass with more of it. */
        INSUFFICIENT_RESOURCES,
        /** Something outside the engine failed: a process, a disk, a network. */
        EXTERNAL,
        /** A bug in Signo: logged with its stack trace. */
        INTERNAL_ERROR
    }

    private static final ErrorCode[] BY_NUMBER = numbered();

    private final int number;
    private final String sqlState;
    private final ErrorType type;

    ErrorCode(int number, String sqlState, ErrorType type)
    {
        this.number = number;
        this.sqlState = requireNonNull(sqlState, "sqlState is null");
        this.type = requireNonNull(type, "type is null");
    }

    public int number()
    {
        return number;
    }

    public String sqlState()
    {
        return sqlState;
    }

    public ErrorType type()
    {
        return type;
    }

    /** The code of {@link #number()}; a number this version does not know is an internal error. */
    public static ErrorCode ofNumber(int number)
    {
        ErrorCode code = number > 0 && number < BY_NUMBER.length ? BY_NUMBER[number] : null;
        return code == null ? INTERNAL_ERROR : code;
    }

    private static ErrorCode[] numbered()
    {
        int max = 0;
        for (ErrorCode code : values()) {
            max = Math.max(max, code.number);
        }
        ErrorCode[] byNumber = new ErrorCode[max + 1];
        for (ErrorCode code : values()) {
            if (byNumber[code.number] != null) {
                throw new ExceptionInInitializerError("error number " + code.number + " used twice");
            }
            byNumber[code.number] = code;
        }
        return byNumber;
    }
}
