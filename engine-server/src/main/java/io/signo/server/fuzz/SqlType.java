package io.signo.server.fuzz;

/** The SQL types the generator builds expressions of, with the name both engines give them in a CAST. */
public enum SqlType
{
    INTEGER("INTEGER", "0"),
    BIGINT("BIGINT", "CAST(0 AS BIGINT)"),
    DOUBLE("DOUBLE", "CAST(0 AS DOUBLE)"),
    DECIMAL("DECIMAL(12, 2)", "CAST(0 AS DECIMAL(12, 2))"),
    VARCHAR("VARCHAR", "'a'"),
    DATE("DATE", "DATE '2000-01-01'"),
    BOOLEAN("BOOLEAN", "TRUE");

    private final String castName;
    private final String simplestLiteral;

    SqlType(String castName, String simplestLiteral)
    {
        this.castName = castName;
        this.simplestLiteral = simplestLiteral;
    }

    public String castName()
    {
        return castName;
    }

    String simplestLiteral()
    {
        return simplestLiteral;
    }

    boolean isNumeric()
    {
        return this == INTEGER || this == BIGINT || this == DOUBLE || this == DECIMAL;
    }

    boolean isExactInteger()
    {
        return this == INTEGER || this == BIGINT;
    }
}
