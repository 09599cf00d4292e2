package io.signo.storage.type;

/** The SQL types Signo stores and computes with. */
public enum TypeKind
{
    BOOLEAN,
    INTEGER,
    BIGINT,
    DOUBLE,
    /** A scaled long: the value times 10^scale. */
    DECIMAL,
    /** Days since 1970-01-01 in an int. */
    DATE,
    VARCHAR,
    /** Stored without trailing spaces; compared as SQL does, ignoring pad spaces. */
    CHAR,
    /** Microseconds since 1970-01-01 00:00:00 in a long, without a time zone. Last: a kind's ordinal is in serialized pages. */
    TIMESTAMP
}
