package io.signo.sql.planner;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.util.SqlShuttle;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Rebuilds the chains of AND and OR the parser nests one term deeper each ({@code a OR b OR c} is
 * {@code (a OR b) OR c}) as balanced trees of the same terms in the same order: a filter of
 * thousands of ORs, as BI tools write, is then a dozen levels deep instead of thousands, which the
 * recursive validation and conversion take without exhausting their stack. The planner flattens
 * the chains again.
 */
final class BalancedChains
        extends SqlShuttle
{
    private static final BalancedChains INSTANCE = new BalancedChains();

    private BalancedChains() {}

    static SqlNode rewrite(SqlNode statement)
    {
        return statement.accept(INSTANCE);
    }

    @Override
    public SqlNode visit(SqlCall call)
    {
        SqlKind kind = call.getKind();
        if (kind != SqlKind.AND && kind != SqlKind.OR) {
            return super.visit(call);
        }
        List<SqlNode> terms = new ArrayList<>();
        for (SqlNode term : chainTerms(call, kind)) {
            terms.add(term == null ? null : term.accept(this));
        }
        return balanced(call.getOperator(), call, terms, 0, terms.size());
    }

    /** The terms of the chain of {@code kind} rooted at {@code call}, in order, found without recursion. */
    private static List<SqlNode> chainTerms(SqlCall call, SqlKind kind)
    {
        List<SqlNode> terms = new ArrayList<>();
        Deque<SqlNode> pending = new ArrayDeque<>();
        pending.push(call);
        while (!pending.isEmpty()) {
            SqlNode node = pending.pop();
            if (node instanceof SqlCall chained && chained.getKind() == kind) {
                List<SqlNode> operands = chained.getOperandList();
                for (int i = operands.size() - 1; i >= 0; i--) {
                    pending.push(operands.get(i));
                }
            }
            else {
                terms.add(node);
            }
        }
        return terms;
    }

    private static SqlNode balanced(SqlOperator operator, SqlCall original, List<SqlNode> terms, int from, int to)
    {
        if (to - from == 1) {
            return terms.get(from);
        }
        int middle = (from + to) >>> 1;
        return operator.createCall(original.getParserPosition(), balanced(operator, original, terms, from, middle), balanced(operator, original, terms, middle, to));
    }
}
