package io.signo.sql.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql2rel.SqlRexContext;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;

import java.util.ArrayList;
import java.util.List;

/**
 * Calcite's conversion of calls to row expressions, except that a comparison of a TIMESTAMP WITH
 * TIME ZONE with a TIMESTAMP or a DATE casts the other side to a TIMESTAMP WITH TIME ZONE (read in
 * the session's zone, as DuckDB and PostgreSQL compare them). Calcite's validator takes the two
 * types as comparable without a cast, and its simplifier then mixes their literals in one range
 * and fails.
 */
final class InstantComparisons
        implements SqlRexConvertletTable
{
    static final InstantComparisons INSTANCE = new InstantComparisons();

    private InstantComparisons() {}

    @Override
    public SqlRexConvertlet get(SqlCall call)
    {
        if (call instanceof LiteralInLists.InListCall inList) {
            // made before or after validation: either way the values are its operator's
            return (context, _) -> LiteralInLists.convert(context, inList);
        }
        if (call.getKind().belongsTo(SqlKind.BINARY_COMPARISON) && call.operandCount() == 2) {
            return InstantComparisons::convertComparison;
        }
        return StandardConvertletTable.INSTANCE.get(call);
    }

    private static RexNode convertComparison(SqlRexContext context, SqlCall call)
    {
        List<RelDataType> types = new ArrayList<>(2);
        for (int i = 0; i < 2; i++) {
            types.add(context.getValidator().getValidatedNodeType(call.operand(i)));
        }
        boolean leftInstant = types.get(0).getSqlTypeName() == SqlTypeName.TIMESTAMP_TZ;
        boolean rightInstant = types.get(1).getSqlTypeName() == SqlTypeName.TIMESTAMP_TZ;
        if (leftInstant == rightInstant || !isLocal(types.get(leftInstant ? 1 : 0))) {
            SqlRexConvertlet standard = StandardConvertletTable.INSTANCE.get(call);
            return standard.convertCall(context, call);
        }
        RexBuilder rexBuilder = context.getRexBuilder();
        RexNode left = context.convertExpression(call.operand(0));
        RexNode right = context.convertExpression(call.operand(1));
        if (leftInstant) {
            right = rexBuilder.makeAbstractCast(instantType(context, left, right), right, false);
        }
        else {
            left = rexBuilder.makeAbstractCast(instantType(context, right, left), left, false);
        }
        return rexBuilder.makeCall(call.getOperator(), left, right);
    }

    private static boolean isLocal(RelDataType type)
    {
        return type.getSqlTypeName() == SqlTypeName.TIMESTAMP || type.getSqlTypeName() == SqlTypeName.DATE;
    }

    /** The instant's type, as nullable as the value cast to it. */
    private static RelDataType instantType(SqlRexContext context, RexNode instant, RexNode local)
    {
        return context.getTypeFactory().createTypeWithNullability(instant.getType(), local.getType().isNullable());
    }
}
