package io.signo.sql.planner;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Refuses a parsed statement nested deeper than the planner's recursive phases can take, with an
 * error that says so, before any of them overflows its stack. A chain of ANDs or ORs counts as one
 * level: {@link BalancedChains} makes it a shallow tree next.
 */
final class NestingDepth
{
    /** DuckDB's default limit too ({@code max_expression_depth}). */
    static final int MAX_DEPTH = 1000;

    private NestingDepth() {}

    private record Entry(SqlNode node, int depth, SqlKind parentKind) {}

    static void check(SqlNode statement)
    {
        Deque<Entry> pending = new ArrayDeque<>();
        pending.push(new Entry(statement, 1, null));
        while (!pending.isEmpty()) {
            Entry entry = pending.pop();
            if (entry.depth() > MAX_DEPTH) {
                throw tooDeep();
            }
            SqlNode node = entry.node();
            if (node instanceof SqlNodeList list) {
                for (SqlNode child : list) {
                    if (child != null) {
                        pending.push(new Entry(child, entry.depth() + 1, null));
                    }
                }
            }
            else if (node instanceof SqlCall call) {
                SqlKind kind = call.getKind();
                boolean chained = (kind == SqlKind.AND || kind == SqlKind.OR) && kind == entry.parentKind();
                int depth = chained ? entry.depth() : entry.depth() + 1;
                for (SqlNode operand : call.getOperandList()) {
                    if (operand != null) {
                        pending.push(new Entry(operand, depth, kind));
                    }
                }
            }
        }
    }

    /**
     * Refuses a statement text whose parentheses nest deeper than {@link #MAX_DEPTH}, before the
     * parser sees it: parentheses around an expression leave no level in the parsed tree, so without
     * this whether such a statement runs would depend on the parser's stack, not on a rule.
     */
    static void checkParentheses(String sql)
    {
        int depth = 0;
        for (SqlTokens.Token token : SqlTokens.tokens(sql)) {
            if (token.kind() == SqlTokens.Kind.OPEN && ++depth > MAX_DEPTH) {
                throw tooDeep();
            }
            if (token.kind() == SqlTokens.Kind.CLOSE && depth > 0) {
                depth--;
            }
        }
    }

    static SignoException tooDeep()
    {
        return new SignoException(ErrorCode.STATEMENT_TOO_COMPLEX, "the statement is nested too deeply: expressions or sub-queries more than " + MAX_DEPTH + " levels within each other");
    }
}
