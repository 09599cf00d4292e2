package io.signo.sql.translate;

import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;

/**
 * {@code CAST(number AS CHAR / VARCHAR)} as the planner makes it: run as a cast, but of another kind than
 * Calcite's {@code CAST}, whose simplifier drops a widening cast below a cast to text
 * ({@code CAST(CAST(x AS DECIMAL(14, 2)) AS VARCHAR)} became {@code CAST(x AS VARCHAR)}), as if the text of
 * a number did not depend on its type.
 */
public final class NumberToText
{
    public static final SqlFunction OPERATOR = new SqlFunction("CAST", SqlKind.OTHER_FUNCTION, ReturnTypes.ARG0, null, OperandTypes.NUMERIC, SqlFunctionCategory.SYSTEM);

    private NumberToText() {}
}
