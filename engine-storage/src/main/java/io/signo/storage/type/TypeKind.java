package io.signo.storage.type;

/** The SQL types Signo stores and computes with. */
public enum TypeKind
{
    BOOLEAN,
    INTEGER,
    BIGINT,
    DOUBLE,
    /** The value times 10^scale, an integer: a long up to 18 digits, 128 bits beyond (see {@link Type#physicalType}). */
    DECIMAL,
    /** Days since 1970-01-01 in an int. */
    DATE,
    VARCHAR,
    /** Stored without trailing spaces; compared as SQL does, ignoring pad spaces. */
    CHAR,
    /** Microseconds since 1970-01-01 00:00:00 in a long, without a time zone. */
    TIMESTAMP,
    /**
     * A 4-byte float, held as the double it widens to exactly: every value of a REAL vector is a
     * float, and computations round to float where their result is REAL. Last: a kind's ordinal is
     * in serialized pages.
     */
    REAL,
    /** Microseconds since midnight in a long, 0 to 86,399,999,999: a time of day without a date or a time zone. */
    TIME,
    /**
     * Microseconds since 1970-01-01 00:00:00 UTC in a long: an instant, shown in the session's time
     * zone (PostgreSQL's and DuckDB's TIMESTAMP WITH TIME ZONE).
     */
    TIMESTAMP_TZ,
    /** A number of months in a long (SQL's INTERVAL YEAR TO MONTH and its parts). */
    INTERVAL_YEAR_MONTH,
    /** A number of microseconds in a long (SQL's INTERVAL DAY TO SECOND and its parts); a day is 24 hours. */
    INTERVAL_DAY_TIME
}
