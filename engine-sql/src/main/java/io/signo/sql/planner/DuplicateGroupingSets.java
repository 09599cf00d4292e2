package io.signo.sql.planner;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes every {@code ROLLUP} and {@code CUBE} of a GROUP BY as the {@code GROUPING SETS} it stands
 * for, so that grouping sets that come out alike stay, each giving its groups once, as the SQL
 * standard, DuckDB and PostgreSQL have it: {@code ROLLUP (a, a)} is {@code GROUPING SETS ((a, a),
 * (a), ())}, three sets of which two are {@code (a)}. Calcite's validator expands ROLLUP and CUBE
 * into a set of grouping sets, which keeps one of each; an explicit GROUPING SETS list keeps them all.
 */
final class DuplicateGroupingSets
        extends SqlBasicVisitor<Void>
{
    /** The most operands of a CUBE: 2^12 grouping sets. */
    private static final int MAX_CUBE_OPERANDS = 12;
    private static final DuplicateGroupingSets INSTANCE = new DuplicateGroupingSets();

    private DuplicateGroupingSets() {}

    static SqlNode rewrite(SqlNode statement)
    {
        statement.accept(INSTANCE);
        return statement;
    }

    @Override
    public Void visit(SqlCall call)
    {
        if (call instanceof SqlSelect select && select.getGroup() != null) {
            SqlNodeList group = select.getGroup();
            for (int i = 0; i < group.size(); i++) {
                group.set(i, expand(group.get(i)));
            }
        }
        return super.visit(call);
    }

    /** A grouping element with its ROLLUPs and CUBEs, also those inside GROUPING SETS, written as GROUPING SETS. */
    private static SqlNode expand(SqlNode element)
    {
        if (!(element instanceof SqlCall call)) {
            return element;
        }
        SqlParserPos position = call.getParserPosition();
        return switch (call.getKind()) {
            case GROUPING_SETS -> {
                List<SqlNode> operands = new ArrayList<>();
                for (SqlNode operand : call.getOperandList()) {
                    operands.add(expand(operand));
                }
                yield SqlStdOperatorTable.GROUPING_SETS.createCall(position, operands);
            }
            case ROLLUP -> {
                List<SqlNode> operands = call.getOperandList();
                List<SqlNode> sets = new ArrayList<>();
                for (int length = operands.size(); length >= 0; length--) {
                    sets.add(groupingSet(operands.subList(0, length), position));
                }
                yield SqlStdOperatorTable.GROUPING_SETS.createCall(position, sets);
            }
            case CUBE -> {
                List<SqlNode> operands = call.getOperandList();
                if (operands.size() > MAX_CUBE_OPERANDS) {
                    throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: a CUBE of " + operands.size() + " expressions (at most " + MAX_CUBE_OPERANDS
                            + ", which make " + (1 << MAX_CUBE_OPERANDS) + " grouping sets)");
                }
                List<SqlNode> sets = new ArrayList<>();
                // the largest set first, as the ROLLUP's; a set's members keep the CUBE's order
                for (int absent = 0; absent < 1 << operands.size(); absent++) {
                    List<SqlNode> members = new ArrayList<>();
                    for (int i = 0; i < operands.size(); i++) {
                        if ((absent & (1 << (operands.size() - 1 - i))) == 0) {
                            members.add(operands.get(i));
                        }
                    }
                    sets.add(groupingSet(members, position));
                }
                yield SqlStdOperatorTable.GROUPING_SETS.createCall(position, sets);
            }
            default -> element;
        };
    }

    /** One grouping set of these elements (each an expression or a parenthesized list of them): {@code (a, b, c)}, or {@code ()}. */
    private static SqlNode groupingSet(List<SqlNode> elements, SqlParserPos position)
    {
        List<SqlNode> members = new ArrayList<>();
        for (SqlNode element : elements) {
            if (element instanceof SqlCall row && row.getKind() == SqlKind.ROW) {
                members.addAll(row.getOperandList());
            }
            else if (element instanceof SqlNodeList list) {
                members.addAll(list.getList());
            }
            else {
                members.add(element);
            }
        }
        if (members.isEmpty()) {
            return new SqlNodeList(position);
        }
        return SqlStdOperatorTable.ROW.createCall(position, members);
    }
}
