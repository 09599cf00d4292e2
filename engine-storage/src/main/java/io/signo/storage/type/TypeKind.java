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
    REAL
}
