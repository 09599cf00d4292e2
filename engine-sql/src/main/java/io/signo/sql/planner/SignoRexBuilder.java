package io.signo.sql.planner;

import io.signo.sql.translate.NumberToText;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.checkerframework.checker.nullness.qual.Nullable;

import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The {@link RexBuilder} of Signo's planning, which keeps the text of numbers what a column of the same
 * type would print: {@code CAST(CAST(2 AS DECIMAL(14, 2)) AS VARCHAR)} is {@code '2.00'}.
 *
 * <p>Two things of Calcite's lose it. A DECIMAL literal keeps the value it is given, at whatever scale:
 * a cast of the constant {@code 2} to {@code DECIMAL(14, 2)} holds {@code 2}, and a cast of it to text,
 * folded from the value, spells {@code '2'}; here every DECIMAL literal holds its value at its type's
 * scale (a value with more digits is left as it is: making it fit would round it, which is a cast's
 * job). And the simplifier drops a widening cast below a cast to text ({@code CAST(CAST(x AS
 * DECIMAL(14, 2)) AS VARCHAR)} becomes {@code CAST(x AS VARCHAR)} for a {@code DECIMAL(12, 0)} x, a
 * {@code REAL} widened to {@code DOUBLE} likewise), as if the text did not depend on the type; here a
 * cast of a number to text is made with {@link NumberToText}, a cast the simplifier does not take
 * for one, so that the casts below it stay.
 */
final class SignoRexBuilder
        extends RexBuilder
{
    private static final Set<SqlKind> STRICT_COMPARISONS = EnumSet.of(
            SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN, SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL);

    SignoRexBuilder(RelDataTypeFactory typeFactory)
    {
        super(typeFactory);
    }

    @Override
    public RexNode makeCast(SqlParserPos pos, RelDataType type, RexNode exp, boolean matchNullability, boolean safe, @Nullable RexLiteral format)
    {
        RexNode cast = super.makeCast(pos, type, exp, matchNullability, safe, format);
        if (cast.getKind() == SqlKind.CAST && !safe && !hasFormat(format) && isNumberToText(type, exp)) {
            return makeCall(pos, cast.getType(), NumberToText.OPERATOR, ((RexCall) cast).getOperands());
        }
        return cast;
    }

    /**
     * A call, except that a comparison one of whose sides is the NULL literal is that NULL. Calcite's
     * simplifier builds its calls here, and can build such a comparison when it folds an operand to
     * NULL ({@code NULLIF(x, x)} of a column that holds no NULL: its check for NULL looks at the operands
     * it started from), which its own predicate list then refuses with an assertion. The overload with a
     * return type, which the RelBuilder uses and whose result it takes for a call, stays as it is.
     */
    @Override
    public RexNode makeCall(SqlParserPos pos, SqlOperator op, List<? extends RexNode> exprs)
    {
        if (STRICT_COMPARISONS.contains(op.getKind()) && exprs.stream().anyMatch(RexLiteral::isNullLiteral)) {
            return makeNullLiteral(deriveReturnType(op, exprs));
        }
        return super.makeCall(pos, op, exprs);
    }

    @Override
    protected RexLiteral makeLiteral(Comparable o, RelDataType type, SqlTypeName typeName)
    {
        if (typeName == SqlTypeName.DECIMAL && o instanceof BigDecimal value && type.getSqlTypeName() == SqlTypeName.DECIMAL
                && value.scale() < type.getScale()) {
            return super.makeLiteral(value.setScale(type.getScale()), type, typeName);
        }
        return super.makeLiteral(o, type, typeName);
    }

    @Override
    public RexNode makeAbstractCast(SqlParserPos pos, RelDataType type, RexNode exp, boolean safe)
    {
        if (!safe && isNumberToText(type, exp)) {
            return makeCall(pos, type, NumberToText.OPERATOR, List.of(exp));
        }
        return super.makeAbstractCast(pos, type, exp, safe);
    }

    @Override
    public RexNode makeAbstractCast(SqlParserPos pos, RelDataType type, RexNode exp, boolean safe, @Nullable RexLiteral format)
    {
        if (!safe && !hasFormat(format) && isNumberToText(type, exp)) {
            return makeCall(pos, type, NumberToText.OPERATOR, List.of(exp));
        }
        return super.makeAbstractCast(pos, type, exp, safe, format);
    }

    /** The converter gives every cast a format, a NULL literal where the statement wrote none. */
    private static boolean hasFormat(@Nullable RexLiteral format)
    {
        return format != null && !format.isNull();
    }

    private static boolean isNumberToText(RelDataType type, RexNode exp)
    {
        return SqlTypeFamily.CHARACTER.contains(type) && SqlTypeFamily.NUMERIC.contains(exp.getType());
    }
}
