package io.signo.sql.planner;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.util.Litmus;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The argument of every {@code GROUPING} and {@code GROUPING_ID} call of a validated statement, each
 * with the GROUP BY expression of its SELECT it names. Calcite's conversion finds a GROUPING
 * argument's group key by comparing the two converted expressions, and the validator types a group
 * expression in the select list as nullable when grouping sets roll it up but not in the GROUP BY:
 * an argument whose conversion carries its type (a COALESCE, a CASE) then matches no key, becomes an
 * input column of its own and counts as rolled up in every set. Converting the group expression in
 * the argument's place gives the key's own expression.
 */
final class GroupingArguments
{
    private final Map<SqlNode, SqlNode> groupExpressions = new IdentityHashMap<>();

    private GroupingArguments() {}

    static GroupingArguments of(SqlNode statement)
    {
        GroupingArguments arguments = new GroupingArguments();
        arguments.visit(statement, List.of());
        return arguments;
    }

    /** The GROUP BY expression that this GROUPING argument names, or null if the node is none. */
    SqlNode groupExpression(SqlNode node)
    {
        return groupExpressions.get(node);
    }

    private void visit(SqlNode node, List<SqlNode> groupExpressionsInScope)
    {
        if (node instanceof SqlSelect select) {
            List<SqlNode> groups = new ArrayList<>();
            if (select.getGroup() != null) {
                addGroupExpressions(select.getGroup(), groups);
            }
            for (SqlNode operand : select.getOperandList()) {
                visit(operand, groups);
            }
        }
        else if (node instanceof SqlNodeList list) {
            for (SqlNode element : list) {
                visit(element, groupExpressionsInScope);
            }
        }
        else if (node instanceof SqlCall call) {
            boolean grouping = call.getKind() == SqlKind.GROUPING || call.getKind() == SqlKind.GROUPING_ID;
            for (SqlNode operand : call.getOperandList()) {
                if (grouping && operand != null) {
                    for (SqlNode groupExpression : groupExpressionsInScope) {
                        if (operand != groupExpression && operand.equalsDeep(groupExpression, Litmus.IGNORE)) {
                            groupExpressions.put(operand, groupExpression);
                            break;
                        }
                    }
                }
                visit(operand, groupExpressionsInScope);
            }
        }
    }

    /** The expressions of a GROUP BY element, through its GROUPING SETS, ROLLUP, CUBE and parenthesized lists. */
    private static void addGroupExpressions(SqlNode element, List<SqlNode> groups)
    {
        if (element instanceof SqlNodeList list) {
            for (SqlNode member : list) {
                addGroupExpressions(member, groups);
            }
        }
        else if (element instanceof SqlCall call && isGroupingConstruct(call.getKind())) {
            for (SqlNode operand : call.getOperandList()) {
                addGroupExpressions(operand, groups);
            }
        }
        else if (element != null) {
            groups.add(element);
        }
    }

    private static boolean isGroupingConstruct(SqlKind kind)
    {
        return kind == SqlKind.GROUPING_SETS || kind == SqlKind.ROLLUP || kind == SqlKind.CUBE || kind == SqlKind.ROW;
    }
}
