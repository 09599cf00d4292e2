package io.signo.sql.planner;

import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlCoalesceFunction;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.util.Optionality;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The functions a statement may call: Calcite's standard operators, with the variances and standard
 * deviations typed DOUBLE whatever their argument (Calcite gives a DECIMAL argument's type, DuckDB and
 * PostgreSQL a floating-point number), and aggregates and operators of other dialects that users
 * expect: PostgreSQL's BOOL_AND and BOOL_OR (the standard's EVERY and SOME; all
 * four are MIN and MAX of a BOOLEAN to Calcite), STRING_AGG (the standard's LISTAGG) and PostgreSQL's
 * {@code value::type} cast. COALESCE stays a call (see {@link Coalesce}).
 */
public final class SignoOperatorTable
{
    /** MEDIAN(x), PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) as DuckDB writes it. */
    public static final String MEDIAN_NAME = "MEDIAN";

    private static final List<SqlAggFunction> VARIANCES = List.of(
            new DoubleVariance("STDDEV", SqlKind.STDDEV_SAMP),
            new DoubleVariance("STDDEV_SAMP", SqlKind.STDDEV_SAMP),
            new DoubleVariance("STDDEV_POP", SqlKind.STDDEV_POP),
            new DoubleVariance("VARIANCE", SqlKind.VAR_SAMP),
            new DoubleVariance("VAR_SAMP", SqlKind.VAR_SAMP),
            new DoubleVariance("VAR_POP", SqlKind.VAR_POP));

    /** The standard operators Signo replaces by its own of the same name. */
    private static final Set<SqlOperator> REPLACED = Set.of(
            SqlStdOperatorTable.STDDEV,
            SqlStdOperatorTable.STDDEV_SAMP,
            SqlStdOperatorTable.STDDEV_POP,
            SqlStdOperatorTable.VARIANCE,
            SqlStdOperatorTable.VAR_SAMP,
            SqlStdOperatorTable.VAR_POP,
            SqlStdOperatorTable.COALESCE);

    static final SqlOperatorTable INSTANCE = SqlOperatorTables.chain(
            new StandardWithout(SqlStdOperatorTable.instance(), REPLACED),
            SqlOperatorTables.of(VARIANCES),
            SqlOperatorTables.of(new Coalesce()),
            SqlOperatorTables.of(new SqlAggFunction(MEDIAN_NAME, null, SqlKind.OTHER_FUNCTION, ReturnTypes.DOUBLE_FORCE_NULLABLE, null, OperandTypes.NUMERIC,
                    SqlFunctionCategory.NUMERIC, false, false, Optionality.FORBIDDEN) {}),
            SqlOperatorTables.of(SqlLibraryOperators.BOOL_AND, SqlLibraryOperators.BOOL_OR, SqlLibraryOperators.STRING_AGG,
                    SqlLibraryOperators.INFIX_CAST));

    private SignoOperatorTable() {}

    /** VAR_SAMP and its kin: a numeric argument, a DOUBLE result, NULL for an empty group (and a sample of one value). */
    private static final class DoubleVariance
            extends SqlAggFunction
    {
        DoubleVariance(String name, SqlKind kind)
        {
            super(name, null, kind, ReturnTypes.DOUBLE_FORCE_NULLABLE, null, OperandTypes.NUMERIC, SqlFunctionCategory.NUMERIC, false, false, Optionality.FORBIDDEN);
        }
    }

    /**
     * COALESCE, kept a call of its own up to the operator that runs it. Calcite's validator writes
     * {@code COALESCE(x, y)} as {@code CASE WHEN x IS NOT NULL THEN CAST(x AS <type> NOT NULL) ELSE y END},
     * a cast whose NOT NULL holds only under its WHEN; its simplifier takes such casts out of their
     * CASE (folding a boolean CASE into ANDs and ORs, or a CASE into a comparison), where the cast is
     * NULL on a NULL x while typed NOT NULL, and then drops the IS NULL and IS TRUE tests around it:
     * {@code x IS NOT DISTINCT FROM GREATEST(COALESCE(x, x), 'a')} was NULL on a NULL x. COALESCE has
     * no such cast, and Signo's operator evaluates each operand only where the ones before it are NULL.
     */
    private static final class Coalesce
            extends SqlCoalesceFunction
    {
        @Override
        public SqlNode rewriteCall(SqlValidator validator, SqlCall call)
        {
            validateQuantifier(validator, call);
            return call.operandCount() == 1 ? call.operand(0) : call;
        }
    }

    /** A table's operators but a few. */
    private record StandardWithout(SqlOperatorTable table, Set<SqlOperator> removed)
            implements SqlOperatorTable
    {
        @Override
        public void lookupOperatorOverloads(SqlIdentifier name, SqlFunctionCategory category, SqlSyntax syntax, List<SqlOperator> operators, SqlNameMatcher nameMatcher)
        {
            List<SqlOperator> found = new ArrayList<>();
            table.lookupOperatorOverloads(name, category, syntax, found, nameMatcher);
            for (SqlOperator operator : found) {
                if (!removed.contains(operator)) {
                    operators.add(operator);
                }
            }
        }

        @Override
        public List<SqlOperator> getOperatorList()
        {
            return table.getOperatorList().stream().filter(operator -> !removed.contains(operator)).toList();
        }
    }
}
