package io.signo.sql.planner;

import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlDelegatingConformance;

/**
 * The SQL Signo parses and validates: Calcite's default, the SQL standard, plus what PostgreSQL,
 * DuckDB and Trino users write every day and the standard lacks: {@code a % b} for MOD(a, b).
 */
final class SignoConformance
        extends SqlDelegatingConformance
{
    static final SignoConformance INSTANCE = new SignoConformance();

    private SignoConformance()
    {
        super(SqlConformanceEnum.DEFAULT);
    }

    @Override
    public boolean isPercentRemainderAllowed()
    {
        return true;
    }

    @Override
    public boolean isBangEqualAllowed()
    {
        return true;
    }

    @Override
    public boolean isGroupByOrdinal()
    {
        return true;
    }

    @Override
    public boolean isGroupByAlias()
    {
        return true;
    }

    @Override
    public boolean isHavingAlias()
    {
        return true;
    }
}
