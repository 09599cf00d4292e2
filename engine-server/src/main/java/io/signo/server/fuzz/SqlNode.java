package io.signo.server.fuzz;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * One node of a generated statement's syntax tree: text and child nodes in order, the SQL type of
 * an expression (null for clauses and queries), the simpler nodes of the same type that may stand in
 * for it while a failure is minimized, and whether it may be left out altogether (an optional
 * clause, one item of a list). Immutable; a list node joins its non-empty children with its
 * separator.
 */
public final class SqlNode
{
    static final SqlNode EMPTY = new SqlNode(null, List.of(), null, List.of(), false);

    private final SqlType type;
    private final List<Object> parts;
    private final String separator;
    private final List<SqlNode> simpler;
    private final boolean removable;

    private SqlNode(SqlType type, List<Object> parts, String separator, List<SqlNode> simpler, boolean removable)
    {
        this.type = type;
        this.parts = List.copyOf(parts);
        this.separator = separator;
        this.simpler = List.copyOf(simpler);
        this.removable = removable;
    }

    /** An expression of {@code type} made of text and child nodes; {@code simpler} stand-ins of the same type. */
    static SqlNode expression(SqlType type, List<SqlNode> simpler, Object... parts)
    {
        requireNonNull(type, "type is null");
        return new SqlNode(type, List.of(parts), null, simpler, false);
    }

    /** A leaf expression: a column or a literal. */
    static SqlNode leaf(SqlType type, String text)
    {
        return new SqlNode(type, List.of(text), null, List.of(), false);
    }

    /** Text and child nodes that are no expression: a query, a FROM item, a join condition. */
    static SqlNode text(Object... parts)
    {
        return new SqlNode(null, List.of(parts), null, List.of(), false);
    }

    /** Text and child nodes that minimization may replace by one of {@code simpler} (a join by its left side). */
    static SqlNode textOr(List<SqlNode> simpler, Object... parts)
    {
        return new SqlNode(null, List.of(parts), null, simpler, false);
    }

    /** A clause that minimization may drop (WHERE, ORDER BY, LIMIT, one item of a list). */
    static SqlNode optional(Object... parts)
    {
        return new SqlNode(null, List.of(parts), null, List.of(), true);
    }

    /** Children joined by {@code separator}, each droppable. */
    static SqlNode list(String separator, List<SqlNode> items)
    {
        List<Object> parts = new ArrayList<>();
        for (SqlNode item : items) {
            parts.add(item.removable ? item : new SqlNode(item.type, item.parts, item.separator, item.simpler, true));
        }
        return new SqlNode(null, parts, separator, List.of(), false);
    }

    public SqlType type()
    {
        return type;
    }

    boolean isEmpty()
    {
        return parts.isEmpty();
    }

    List<SqlNode> children()
    {
        List<SqlNode> children = new ArrayList<>();
        for (Object part : parts) {
            if (part instanceof SqlNode child) {
                children.add(child);
            }
        }
        return children;
    }

    /** The nodes that may replace this one while minimizing, simplest first. */
    List<SqlNode> replacements()
    {
        List<SqlNode> replacements = new ArrayList<>();
        if (removable) {
            replacements.add(EMPTY);
        }
        if (type != null) {
            replacements.add(leaf(type, type.simplestLiteral()));
        }
        if (type != null) {
            for (SqlNode child : children()) {
                if (child.type == type) {
                    replacements.add(child);
                }
            }
        }
        replacements.addAll(simpler);
        return replacements;
    }

    /** This tree with its {@code index}-th child node replaced by {@code replacement}. */
    SqlNode withChild(int index, SqlNode replacement)
    {
        List<Object> newParts = new ArrayList<>(parts);
        int seen = 0;
        for (int i = 0; i < newParts.size(); i++) {
            if (newParts.get(i) instanceof SqlNode) {
                if (seen == index) {
                    newParts.set(i, replacement);
                    break;
                }
                seen++;
            }
        }
        return new SqlNode(type, newParts, separator, simpler, removable);
    }

    /** The number of nodes in this tree. */
    int size()
    {
        int size = 1;
        for (SqlNode child : children()) {
            size += child.size();
        }
        return size;
    }

    public String sql()
    {
        StringBuilder sql = new StringBuilder();
        append(sql);
        return sql.toString();
    }

    private void append(StringBuilder sql)
    {
        boolean first = true;
        for (Object part : parts) {
            if (part instanceof SqlNode child) {
                if (separator != null) {
                    if (child.isEmpty()) {
                        continue;
                    }
                    if (!first) {
                        sql.append(separator);
                    }
                    first = false;
                }
                child.append(sql);
            }
            else {
                sql.append((String) part);
            }
        }
    }

    @Override
    public String toString()
    {
        return sql();
    }
}
