package io.signo.sql.planner;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.util.NlsString;

/**
 * Calcite's converter, making a string literal the {@code VARCHAR} literal {@link SignoValidator} typed
 * it as (Calcite's own conversion makes every one a {@code CHAR(n)}), and a GROUPING argument its
 * group key's expression ({@link GroupingArguments}).
 */
final class SignoSqlToRelConverter
        extends SqlToRelConverter
{
    SignoSqlToRelConverter(RelOptTable.ViewExpander viewExpander, SqlValidator validator, Prepare.CatalogReader catalogReader, RelOptCluster cluster,
            SqlRexConvertletTable convertletTable, Config config)
    {
        super(viewExpander, validator, catalogReader, cluster, convertletTable, config);
    }

    private GroupingArguments groupingArguments = GroupingArguments.of(new SqlNodeList(SqlParserPos.ZERO));

    @Override
    public RelRoot convertQuery(SqlNode query, boolean needsValidation, boolean top)
    {
        groupingArguments = GroupingArguments.of(query);
        return super.convertQuery(query, needsValidation, top);
    }

    @Override
    protected RexNode convertExtendedExpression(SqlNode node, Blackboard blackboard)
    {
        SqlNode groupExpression = groupingArguments.groupExpression(node);
        if (groupExpression != null) {
            return blackboard.convertExpression(groupExpression);
        }
        if (SignoValidator.isStringLiteral(node)) {
            SqlLiteral literal = (SqlLiteral) node;
            RexBuilder rexBuilder = getRexBuilder();
            RelDataType type = SignoValidator.varyingType(literal, rexBuilder.getTypeFactory());
            // a cast of a literal to a type that holds its value is a literal of that type
            return rexBuilder.makeCast(type, rexBuilder.makeCharLiteral(literal.getValueAs(NlsString.class)));
        }
        return super.convertExtendedExpression(node, blackboard);
    }
}
