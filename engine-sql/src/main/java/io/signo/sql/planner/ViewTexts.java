package io.signo.sql.planner;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlShuttle;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Views' query texts parsed once for every statement that reads them. A view's text is parsed in
 * every statement that reads it (for its row type, then where it is expanded), and Calcite's Babel
 * parser takes about as long for it as validating it; the parse depends on the text alone, so the
 * tree is kept by text and every statement gets its own deep copy, since validation rewrites the
 * tree it validates (it expands identifiers and stars in place).
 */
final class ViewTexts
{
    /** Views' texts kept at most; the least recently read goes first. */
    private static final int MAX_TEXTS = 256;

    private static final Map<String, SqlNode> PARSED = new LinkedHashMap<>(16, 0.75f, true)
    {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, SqlNode> eldest)
        {
            return size() > MAX_TEXTS;
        }
    };

    private ViewTexts() {}

    /** A tree of its own of the parsed {@code sql}, as {@link LogicalPlanner#parse(String)} gives it; fails as that does. */
    static SqlNode parse(String sql)
    {
        return copy(shared(sql));
    }

    /**
     * The relation a view's query reads whole, {@code r} of {@code SELECT * FROM r} (a table's name
     * or a table function's call, with or without an alias), as a tree of its own; null for any other
     * query, or a text that does not parse.
     */
    static SqlNode wholeRelation(String sql)
    {
        SqlNode parsed;
        try {
            parsed = shared(sql);
        }
        catch (RuntimeException e) {
            // the view's own expansion reports it
            return null;
        }
        if (!(parsed instanceof SqlSelect select) || !readsWhole(select)) {
            return null;
        }
        SqlNode from = select.getFrom();
        if (from.getKind() == SqlKind.AS && ((SqlCall) from).operandCount() == 2) {
            from = ((SqlCall) from).operand(0);
        }
        return from.getKind() == SqlKind.IDENTIFIER || from.getKind() == SqlKind.COLLECTION_TABLE ? copy(from) : null;
    }

    /** {@code SELECT * FROM r}: every column of one relation, each row as it is. */
    private static boolean readsWhole(SqlSelect select)
    {
        SqlNodeList columns = select.getSelectList();
        return select.getFrom() != null && columns.size() == 1 && columns.get(0) instanceof SqlIdentifier star && star.isStar() && star.names.size() == 1
                && !select.isDistinct() && select.getWhere() == null && (select.getGroup() == null || select.getGroup().isEmpty()) && select.getHaving() == null
                && select.getWindowList().isEmpty() && select.getQualify() == null && (select.getOrderList() == null || select.getOrderList().isEmpty())
                && select.getOffset() == null && select.getFetch() == null && !select.hasHints();
    }

    /** The parsed {@code sql}, shared by every statement: never to be validated or changed. */
    private static SqlNode shared(String sql)
    {
        SqlNode parsed;
        synchronized (PARSED) {
            parsed = PARSED.get(sql);
        }
        if (parsed == null) {
            // parsed outside the lock, so that one long text does not hold up the others; the first to finish is kept
            parsed = LogicalPlanner.parse(sql);
            synchronized (PARSED) {
                SqlNode kept = PARSED.putIfAbsent(sql, parsed);
                if (kept != null) {
                    parsed = kept;
                }
            }
        }
        return parsed;
    }

    /** A copy of {@code node} that shares no node with it (literals, names and types included). */
    static SqlNode copy(SqlNode node)
    {
        return node.accept(DeepCopy.INSTANCE);
    }

    private static final class DeepCopy
            extends SqlShuttle
    {
        static final DeepCopy INSTANCE = new DeepCopy();

        @Override
        public SqlNode visit(SqlCall call)
        {
            CallCopyingArgHandler operands = new CallCopyingArgHandler(call, true);
            call.getOperator().acceptCall(this, call, false, operands);
            return operands.result();
        }

        @Override
        public SqlNode visit(SqlNodeList list)
        {
            SqlNodeList copy = new SqlNodeList(list.getParserPosition());
            for (SqlNode element : list) {
                copy.add(element == null ? null : element.accept(this));
            }
            return copy;
        }

        @Override
        public SqlNode visit(SqlLiteral literal)
        {
            return literal.clone(literal.getParserPosition());
        }

        @Override
        public SqlNode visit(SqlIdentifier identifier)
        {
            return identifier.clone(identifier.getParserPosition());
        }

        @Override
        public SqlNode visit(SqlDataTypeSpec type)
        {
            return type.clone(type.getParserPosition());
        }

        @Override
        public SqlNode visit(SqlDynamicParam parameter)
        {
            return parameter.clone(parameter.getParserPosition());
        }

        @Override
        public SqlNode visit(SqlIntervalQualifier qualifier)
        {
            return qualifier.clone(qualifier.getParserPosition());
        }
    }
}
