package io.signo.server.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates random, valid, typed SELECT statements over the TPC-H tables and {@code edge}, a small
 * table of edge values (NULLs, 0, -1, each type's extremes, NaN and infinities, empty strings, dates
 * at the ends of the range) defined by a {@code WITH} at the head of every statement that reads it,
 * so that a statement runs as written on both engines. A statement is built as a {@link SqlNode}
 * tree from a grammar with types: expressions of every type the generator knows, CASE, COALESCE,
 * NULLIF, casts, comparisons, joins (inner, left, right, full; semi and anti through EXISTS and IN),
 * aggregates with FILTER, GROUP BY with grouping sets, window functions, set operations, ORDER BY
 * over every output column with LIMIT, derived tables and scalar sub-queries. Only orders both
 * engines must agree on are generated: a LIMIT only under an ORDER BY of all output columns, a
 * ROW_NUMBER or LAG only over a unique order. One generator per statement: the same seed gives the
 * same statement.
 */
public final class SqlQueryGenerator
{
    record Column(String name, SqlType type) {}

    /** A table the generator reads, its columns and a set of columns whose values are unique. */
    record TableDefinition(String name, List<Column> columns, List<String> uniqueKey, int weight) {}

    record Join(String left, String leftColumn, String right, String rightColumn) {}

    /** A column as a query sees it: qualified by its table's alias. */
    record ScopeColumn(String reference, SqlType type, String alias) {}

    static final String EDGE_TABLE = "edge";
    static final String EDGE_DEFINITION = """
            WITH edge (e_id, e_int, e_big, e_dbl, e_dec, e_str, e_date, e_bool) AS (VALUES
              (1, CAST('0' AS INTEGER), CAST('0' AS BIGINT), CAST('0' AS DOUBLE), CAST('0.00' AS DECIMAL(12, 2)), CAST('' AS VARCHAR), CAST('1970-01-01' AS DATE), CAST('false' AS BOOLEAN)),
              (2, CAST('-1' AS INTEGER), CAST('-1' AS BIGINT), CAST('-1.5' AS DOUBLE), CAST('-1.00' AS DECIMAL(12, 2)), CAST('a' AS VARCHAR), CAST('1992-01-01' AS DATE), CAST('true' AS BOOLEAN)),
              (3, CAST('2147483647' AS INTEGER), CAST('9223372036854775807' AS BIGINT), CAST('NaN' AS DOUBLE), CAST('9999999999.99' AS DECIMAL(12, 2)), CAST('Zz' AS VARCHAR), CAST('9999-12-31' AS DATE), CAST(NULL AS BOOLEAN)),
              (4, CAST('-2147483648' AS INTEGER), CAST('-9223372036854775808' AS BIGINT), CAST('-Infinity' AS DOUBLE), CAST('-9999999999.99' AS DECIMAL(12, 2)), CAST(' x ' AS VARCHAR), CAST('0001-01-01' AS DATE), CAST('false' AS BOOLEAN)),
              (5, CAST(NULL AS INTEGER), CAST(NULL AS BIGINT), CAST('Infinity' AS DOUBLE), CAST(NULL AS DECIMAL(12, 2)), CAST(NULL AS VARCHAR), CAST(NULL AS DATE), CAST('true' AS BOOLEAN)),
              (6, CAST('7' AS INTEGER), CAST('42' AS BIGINT), CAST(NULL AS DOUBLE), CAST('0.01' AS DECIMAL(12, 2)), CAST('ab%_c' AS VARCHAR), CAST('2000-02-29' AS DATE), CAST(NULL AS BOOLEAN)),
              (7, CAST('1' AS INTEGER), CAST('1' AS BIGINT), CAST('2.5' AS DOUBLE), CAST('123.45' AS DECIMAL(12, 2)), CAST('A' AS VARCHAR), CAST('1998-12-01' AS DATE), CAST('true' AS BOOLEAN)),
              (8, CAST('3' AS INTEGER), CAST('24' AS BIGINT), CAST('-0.0' AS DOUBLE), CAST('-0.01' AS DECIMAL(12, 2)), CAST('furious' AS VARCHAR), CAST('1995-06-17' AS DATE), CAST('false' AS BOOLEAN)))
            """;

    static final List<TableDefinition> TABLES = List.of(
            table("nation", List.of("n_nationkey"), 3, "n_nationkey BIGINT", "n_regionkey BIGINT", "n_comment VARCHAR"),
            table("region", List.of("r_regionkey"), 2, "r_regionkey BIGINT", "r_comment VARCHAR"),
            table(EDGE_TABLE, List.of("e_id"), 4, "e_id INTEGER", "e_int INTEGER", "e_big BIGINT", "e_dbl DOUBLE", "e_dec DECIMAL", "e_str VARCHAR", "e_date DATE", "e_bool BOOLEAN"),
            table("supplier", List.of("s_suppkey"), 2, "s_suppkey BIGINT", "s_nationkey BIGINT", "s_address VARCHAR", "s_acctbal DECIMAL", "s_comment VARCHAR"),
            table("customer", List.of("c_custkey"), 2, "c_custkey BIGINT", "c_nationkey BIGINT", "c_name VARCHAR", "c_acctbal DECIMAL", "c_comment VARCHAR"),
            table("part", List.of("p_partkey"), 2, "p_partkey BIGINT", "p_name VARCHAR", "p_type VARCHAR", "p_size INTEGER", "p_retailprice DECIMAL"),
            table("partsupp", List.of("ps_partkey", "ps_suppkey"), 1, "ps_partkey BIGINT", "ps_suppkey BIGINT", "ps_availqty INTEGER", "ps_supplycost DECIMAL"),
            table("orders", List.of("o_orderkey"), 1, "o_orderkey BIGINT", "o_custkey BIGINT", "o_totalprice DECIMAL", "o_orderdate DATE", "o_shippriority INTEGER", "o_comment VARCHAR"),
            table("lineitem", List.of("l_orderkey", "l_linenumber"), 1, "l_orderkey BIGINT", "l_partkey BIGINT", "l_suppkey BIGINT", "l_linenumber INTEGER",
                    "l_quantity DECIMAL", "l_extendedprice DECIMAL", "l_discount DECIMAL", "l_shipdate DATE", "l_receiptdate DATE", "l_comment VARCHAR"));

    static final List<Join> JOINS = List.of(
            new Join("nation", "n_regionkey", "region", "r_regionkey"),
            new Join("customer", "c_nationkey", "nation", "n_nationkey"),
            new Join("supplier", "s_nationkey", "nation", "n_nationkey"),
            new Join("orders", "o_custkey", "customer", "c_custkey"),
            new Join("lineitem", "l_orderkey", "orders", "o_orderkey"),
            new Join("lineitem", "l_partkey", "part", "p_partkey"),
            new Join("lineitem", "l_suppkey", "supplier", "s_suppkey"),
            new Join("partsupp", "ps_partkey", "part", "p_partkey"),
            new Join("partsupp", "ps_suppkey", "supplier", "s_suppkey"),
            new Join(EDGE_TABLE, "e_id", "nation", "n_nationkey"),
            new Join(EDGE_TABLE, "e_int", "region", "r_regionkey"),
            new Join(EDGE_TABLE, "e_big", "supplier", "s_suppkey"),
            new Join(EDGE_TABLE, "e_int", "part", "p_size"));

    /** Tables small enough to be read by a sub-query for every row of another. */
    private static final List<String> SUB_QUERY_TABLES = List.of("nation", "region", EDGE_TABLE, "supplier", "part");

    private static final SqlType[] TYPES = SqlType.values();

    private final Random random;
    private int aliasCount;
    private boolean readsEdge;

    public SqlQueryGenerator(long seed)
    {
        this.random = new Random(seed);
    }

    /** A new statement: its tree, whose text starts with the edge table's {@code WITH} when it reads that table. */
    public SqlNode statement()
    {
        SqlNode query = switch (random.nextInt(10)) {
            case 0, 1, 2 -> selectQuery(randomTypes(1 + random.nextInt(3)), 2, true);
            case 3, 4, 5 -> aggregateQuery(2, true);
            case 6, 7 -> windowQuery();
            default -> setOperation(randomTypes(1 + random.nextInt(2)));
        };
        return readsEdge ? SqlNode.text(SqlNode.optional(EDGE_DEFINITION), query) : query;
    }

    private static TableDefinition table(String name, List<String> uniqueKey, int weight, String... columns)
    {
        List<Column> list = new ArrayList<>();
        for (String column : columns) {
            String[] parts = column.split(" ");
            list.add(new Column(parts[0], SqlType.valueOf(parts[1])));
        }
        return new TableDefinition(name, list, uniqueKey, weight);
    }

    private List<SqlType> randomTypes(int count)
    {
        List<SqlType> types = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            types.add(TYPES[random.nextInt(TYPES.length)]);
        }
        return types;
    }

    // ---- FROM

    private record From(SqlNode node, List<ScopeColumn> scope, List<String> aliases, List<TableDefinition> tables) {}

    private TableDefinition weightedTable()
    {
        int total = TABLES.stream().mapToInt(TableDefinition::weight).sum();
        int pick = random.nextInt(total);
        for (TableDefinition table : TABLES) {
            pick -= table.weight();
            if (pick < 0) {
                return table;
            }
        }
        throw new AssertionError();
    }

    private static TableDefinition tableNamed(String name)
    {
        return TABLES.stream().filter(table -> table.name().equals(name)).findFirst().orElseThrow();
    }

    private String newAlias()
    {
        return "t" + aliasCount++;
    }

    private void scan(TableDefinition table, String alias, List<ScopeColumn> scope)
    {
        if (table.name().equals(EDGE_TABLE)) {
            readsEdge = true;
        }
        for (Column column : table.columns()) {
            scope.add(new ScopeColumn(alias + "." + column.name(), column.type(), alias));
        }
    }

    private From from(int maxTables)
    {
        List<ScopeColumn> scope = new ArrayList<>();
        List<String> aliases = new ArrayList<>();
        List<TableDefinition> tables = new ArrayList<>();
        TableDefinition first = weightedTable();
        String firstAlias = newAlias();
        scan(first, firstAlias, scope);
        aliases.add(firstAlias);
        tables.add(first);
        SqlNode node = SqlNode.text(first.name() + " " + firstAlias);
        int joins = maxTables <= 1 ? 0 : random.nextInt(maxTables);
        for (int i = 0; i < joins; i++) {
            List<Join> candidates = new ArrayList<>();
            List<Integer> sides = new ArrayList<>();
            for (Join join : JOINS) {
                for (int t = 0; t < tables.size(); t++) {
                    if (join.left().equals(tables.get(t).name()) && (!join.right().equals(join.left()))) {
                        candidates.add(join);
                        sides.add(t);
                    }
                    else if (join.right().equals(tables.get(t).name())) {
                        candidates.add(new Join(join.right(), join.rightColumn(), join.left(), join.leftColumn()));
                        sides.add(t);
                    }
                }
            }
            if (candidates.isEmpty()) {
                break;
            }
            int pick = random.nextInt(candidates.size());
            Join join = candidates.get(pick);
            String existingAlias = aliases.get(sides.get(pick));
            TableDefinition added = tableNamed(join.right());
            String alias = newAlias();
            List<ScopeColumn> addedScope = new ArrayList<>();
            scan(added, alias, addedScope);
            String kind = switch (random.nextInt(8)) {
                case 0, 1, 2 -> " JOIN ";
                case 3, 4 -> " LEFT JOIN ";
                case 5 -> " RIGHT JOIN ";
                case 6 -> " FULL JOIN ";
                default -> ", ";
            };
            SqlNode condition = SqlNode.leaf(SqlType.BOOLEAN, existingAlias + "." + join.leftColumn() + " = " + alias + "." + join.rightColumn());
            List<ScopeColumn> both = new ArrayList<>(scope);
            both.addAll(addedScope);
            if (kind.equals(", ")) {
                // a comma join keeps its condition in the WHERE clause the caller adds; here a filter that always holds it
                node = SqlNode.text(node, ", ", added.name() + " " + alias);
                scope = both;
                pendingCommaConditions.add(condition);
            }
            else {
                SqlNode on = random.nextInt(4) == 0
                        ? SqlNode.text(condition, SqlNode.optional(" AND ", booleanExpression(both, 1)))
                        : condition;
                node = SqlNode.textOr(List.of(node), node, kind, added.name() + " " + alias, " ON ", on);
                scope = both;
            }
            aliases.add(alias);
            tables.add(added);
        }
        return new From(node, scope, aliases, tables);
    }

    private final List<SqlNode> pendingCommaConditions = new ArrayList<>();

    /** The WHERE clause: the conditions of comma joins (kept) and, maybe, a random filter (droppable). */
    private SqlNode where(List<ScopeColumn> scope, int subQueryDepth)
    {
        List<SqlNode> conditions = new ArrayList<>(pendingCommaConditions);
        pendingCommaConditions.clear();
        SqlNode filter = random.nextInt(3) == 0 ? null : predicate(scope, subQueryDepth);
        if (conditions.isEmpty() && filter == null) {
            return SqlNode.EMPTY;
        }
        List<Object> parts = new ArrayList<>();
        parts.add(" WHERE ");
        for (int i = 0; i < conditions.size(); i++) {
            parts.add(i == 0 ? "" : " AND ");
            parts.add(conditions.get(i));
        }
        if (filter != null) {
            parts.add(conditions.isEmpty() ? "" : " AND ");
            parts.add(SqlNode.text("(", filter, ")"));
        }
        return conditions.isEmpty() ? SqlNode.optional(parts.toArray()) : SqlNode.text(parts.toArray());
    }

    /** A filter, sometimes with a sub-query. */
    private SqlNode predicate(List<ScopeColumn> scope, int subQueryDepth)
    {
        if (subQueryDepth > 0 && random.nextInt(3) == 0) {
            return subQueryPredicate(scope);
        }
        return booleanExpression(scope, 2);
    }

    // ---- sub-queries

    private SqlNode subQueryPredicate(List<ScopeColumn> outer)
    {
        TableDefinition table = tableNamed(SUB_QUERY_TABLES.get(random.nextInt(SUB_QUERY_TABLES.size())));
        String alias = newAlias();
        List<ScopeColumn> inner = new ArrayList<>();
        scan(table, alias, inner);
        ScopeColumn innerColumn = inner.get(random.nextInt(inner.size()));
        List<ScopeColumn> correlatable = outer.stream().filter(column -> comparable(column.type(), innerColumn.type())).toList();
        List<ScopeColumn> both = new ArrayList<>(outer);
        both.addAll(inner);
        SqlNode innerFilter = SqlNode.optional(" AND ", booleanExpression(inner, 1));
        switch (random.nextInt(4)) {
            case 0 : {
                if (correlatable.isEmpty()) {
                    break;
                }
                ScopeColumn outerColumn = correlatable.get(random.nextInt(correlatable.size()));
                String not = random.nextBoolean() ? "NOT " : "";
                return SqlNode.expression(SqlType.BOOLEAN, List.of(), not + "EXISTS (SELECT 1 FROM " + table.name() + " " + alias + " WHERE "
                        + innerColumn.reference() + " = " + outerColumn.reference(), innerFilter, ")");
            }
            case 1 : {
                SqlNode probe = expression(innerColumn.type(), outer, 1);
                String not = random.nextBoolean() ? " NOT IN " : " IN ";
                return SqlNode.expression(SqlType.BOOLEAN, List.of(), probe, not + "(SELECT " + innerColumn.reference() + " FROM " + table.name() + " " + alias,
                        SqlNode.optional(" WHERE ", booleanExpression(inner, 1)), ")");
            }
            case 2 : {
                if (correlatable.isEmpty()) {
                    break;
                }
                ScopeColumn outerColumn = correlatable.get(random.nextInt(correlatable.size()));
                ScopeColumn valueColumn = inner.get(random.nextInt(inner.size()));
                if (valueColumn.type() == SqlType.BOOLEAN) {
                    break;
                }
                String aggregate = random.nextBoolean() ? "MAX" : "MIN";
                SqlNode left = expression(valueColumn.type(), outer, 1);
                return SqlNode.expression(SqlType.BOOLEAN, List.of(), left, " " + comparison() + " (SELECT " + aggregate + "(" + valueColumn.reference() + ") FROM "
                        + table.name() + " " + alias + " WHERE " + innerColumn.reference() + " = " + outerColumn.reference(), innerFilter, ")");
            }
            default :
                break;
        }
        // an uncorrelated IN over a derived aggregate
        SqlNode probe = expression(innerColumn.type(), outer, 1);
        return SqlNode.expression(SqlType.BOOLEAN, List.of(), probe, " IN (SELECT " + innerColumn.reference() + " FROM " + table.name() + " " + alias
                + " GROUP BY " + innerColumn.reference(), SqlNode.optional(" HAVING COUNT(*) ", comparison(), " 0"), ")");
    }

    private static boolean comparable(SqlType left, SqlType right)
    {
        return left == right || (left.isNumeric() && right.isNumeric());
    }

    // ---- queries

    private SqlNode selectQuery(List<SqlType> types, int subQueryDepth, boolean top)
    {
        From from = from(top ? 3 : 2);
        List<SqlNode> items = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            items.add(SqlNode.text(expression(types.get(i), from.scope(), 3), " AS c" + i));
        }
        SqlNode where = where(from.scope(), subQueryDepth);
        String distinct = random.nextInt(6) == 0 ? "DISTINCT " : "";
        SqlNode order = top ? orderBy(types.size()) : SqlNode.EMPTY;
        return SqlNode.text("SELECT " + distinct, SqlNode.list(", ", items), " FROM ", from.node(), where, order);
    }

    /** ORDER BY every output column (so that the answer is one order) and maybe a LIMIT, or nothing. */
    private SqlNode orderBy(int columns)
    {
        if (random.nextInt(3) != 0) {
            return SqlNode.EMPTY;
        }
        List<SqlNode> keys = new ArrayList<>();
        for (int i = 1; i <= columns; i++) {
            keys.add(SqlNode.text(i + (random.nextBoolean() ? " DESC" : "") + (random.nextInt(4) == 0 ? " NULLS FIRST" : "")));
        }
        SqlNode limit = random.nextBoolean() ? SqlNode.optional(" LIMIT " + (1 + random.nextInt(20)) + (random.nextInt(4) == 0 ? " OFFSET " + random.nextInt(5) : "")) : SqlNode.EMPTY;
        return SqlNode.optional(" ORDER BY ", SqlNode.text(keys.isEmpty() ? "" : "", listOf(keys)), limit);
    }

    private static SqlNode listOf(List<SqlNode> items)
    {
        List<Object> parts = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                parts.add(", ");
            }
            parts.add(items.get(i));
        }
        return SqlNode.text(parts.toArray());
    }

    private SqlNode aggregateQuery(int subQueryDepth, boolean top)
    {
        From from = from(top ? 3 : 2);
        int keyCount = random.nextInt(3);
        List<SqlNode> keys = new ArrayList<>();
        List<SqlNode> items = new ArrayList<>();
        int column = 0;
        for (int i = 0; i < keyCount; i++) {
            // a column, or an expression over one: a bare numeric literal would be an ordinal in GROUP BY
            ScopeColumn keyColumn = from.scope().get(random.nextInt(from.scope().size()));
            SqlNode keyColumnNode = SqlNode.leaf(keyColumn.type(), keyColumn.reference());
            SqlNode key = random.nextInt(3) == 0
                    ? SqlNode.expression(keyColumn.type(), List.of(keyColumnNode), "COALESCE(", keyColumnNode, ", ",
                            expression(keyColumn.type(), from.scope(), 1), ")")
                    : keyColumnNode;
            keys.add(key);
            items.add(SqlNode.text(key, " AS c" + column++));
        }
        int aggregates = 1 + random.nextInt(3);
        for (int i = 0; i < aggregates; i++) {
            items.add(SqlNode.text(aggregate(from.scope()), " AS c" + column++));
        }
        String grouping = "";
        if (!keys.isEmpty() && random.nextInt(4) == 0) {
            grouping = switch (random.nextInt(3)) {
                case 0 -> "ROLLUP";
                case 1 -> "CUBE";
                default -> "GROUPING SETS";
            };
            if (random.nextBoolean()) {
                items.add(SqlNode.text("GROUPING(", listOf(keys), ") AS c" + column++));
            }
        }
        SqlNode where = where(from.scope(), subQueryDepth);
        SqlNode groupBy;
        if (keys.isEmpty()) {
            groupBy = SqlNode.EMPTY;
        }
        else if (grouping.equals("GROUPING SETS")) {
            List<SqlNode> sets = new ArrayList<>();
            sets.add(SqlNode.text("(", listOf(keys), ")"));
            sets.add(SqlNode.text("(", keys.getFirst(), ")"));
            sets.add(SqlNode.text("()"));
            groupBy = SqlNode.text(" GROUP BY GROUPING SETS (", SqlNode.list(", ", sets), ")");
        }
        else if (!grouping.isEmpty()) {
            groupBy = SqlNode.text(" GROUP BY " + grouping + " (", listOf(keys), ")");
        }
        else {
            groupBy = SqlNode.text(" GROUP BY ", listOf(keys));
        }
        SqlNode having = random.nextInt(4) == 0
                ? SqlNode.optional(" HAVING ", aggregate(from.scope()), " " + comparison() + " ", literal(SqlType.INTEGER))
                : SqlNode.EMPTY;
        SqlNode order = top ? orderBy(column) : SqlNode.EMPTY;
        return SqlNode.text("SELECT ", SqlNode.list(", ", items), " FROM ", from.node(), where, groupBy, having, order);
    }

    private SqlNode aggregate(List<ScopeColumn> scope)
    {
        SqlType type = TYPES[random.nextInt(TYPES.length)];
        SqlNode argument = expression(type, scope, 2);
        String distinct = random.nextInt(5) == 0 ? "DISTINCT " : "";
        SqlNode call = switch (random.nextInt(8)) {
            case 0 -> SqlNode.text("COUNT(*)");
            case 1 -> SqlNode.text("COUNT(" + distinct, argument, ")");
            case 2, 3 -> type.isNumeric() ? SqlNode.text("SUM(" + distinct, argument, ")") : SqlNode.text("COUNT(", argument, ")");
            case 4 -> type.isNumeric() ? SqlNode.text("AVG(", argument, ")") : SqlNode.text("MAX(", argument, ")");
            case 5 -> SqlNode.text("MIN(", argument, ")");
            case 6 -> type == SqlType.BOOLEAN
                    ? SqlNode.text("BOOL_OR(", argument, ")")
                    : type.isNumeric() && type != SqlType.DOUBLE ? SqlNode.text("STDDEV_POP(", argument, ")") : SqlNode.text("MAX(", argument, ")");
            default -> SqlNode.text("MAX(" + distinct, argument, ")");
        };
        if (random.nextInt(5) == 0) {
            return SqlNode.text(call, SqlNode.optional(" FILTER (WHERE ", booleanExpression(scope, 1), ")"));
        }
        return call;
    }

    private SqlNode windowQuery()
    {
        From from = from(1);
        TableDefinition table = from.tables().getFirst();
        String alias = from.aliases().getFirst();
        List<SqlNode> items = new ArrayList<>();
        int column = 0;
        int plain = 1 + random.nextInt(2);
        for (int i = 0; i < plain; i++) {
            SqlType type = TYPES[random.nextInt(TYPES.length)];
            items.add(SqlNode.text(expression(type, from.scope(), 1), " AS c" + column++));
        }
        int windows = 1 + random.nextInt(2);
        for (int i = 0; i < windows; i++) {
            items.add(SqlNode.text(windowFunction(from.scope(), table, alias), " AS c" + column++));
        }
        SqlNode where = where(from.scope(), 1);
        return SqlNode.text("SELECT ", SqlNode.list(", ", items), " FROM ", from.node(), where, orderBy(column));
    }

    private SqlNode windowFunction(List<ScopeColumn> scope, TableDefinition table, String alias)
    {
        SqlNode partition = random.nextBoolean()
                ? SqlNode.optional("PARTITION BY ", columnOrLiteral(TYPES[random.nextInt(TYPES.length)], scope), " ")
                : SqlNode.EMPTY;
        StringBuilder uniqueOrder = new StringBuilder();
        for (String key : table.uniqueKey()) {
            uniqueOrder.append(uniqueOrder.isEmpty() ? "" : ", ").append(alias).append('.').append(key).append(random.nextBoolean() ? " DESC" : "");
        }
        SqlType type = TYPES[random.nextInt(TYPES.length)];
        SqlNode argument = columnOrLiteral(type, scope);
        SqlNode orderKey = columnOrLiteral(TYPES[random.nextInt(TYPES.length)], scope);
        return switch (random.nextInt(9)) {
            case 0 -> SqlNode.text("ROW_NUMBER() OVER (", partition, "ORDER BY " + uniqueOrder + ")");
            case 1 -> SqlNode.text("RANK() OVER (", partition, "ORDER BY ", orderKey, ")");
            case 2 -> SqlNode.text("DENSE_RANK() OVER (", partition, "ORDER BY ", orderKey, ")");
            case 3 -> SqlNode.text((random.nextBoolean() ? "LAG(" : "LEAD("), argument, ", " + (1 + random.nextInt(3)) + ") OVER (", partition, "ORDER BY " + uniqueOrder + ")");
            case 4 -> SqlNode.text("FIRST_VALUE(", argument, ") OVER (", partition, "ORDER BY " + uniqueOrder + ")");
            case 5 -> SqlNode.text(type.isNumeric() ? "SUM(" : "COUNT(", argument, ") OVER (", partition, "ORDER BY ", orderKey, ")");
            case 6 -> SqlNode.text(type.isNumeric() ? "SUM(" : "MAX(", argument, ") OVER (", partition, "ORDER BY " + uniqueOrder + " ROWS BETWEEN "
                    + random.nextInt(3) + " PRECEDING AND " + random.nextInt(3) + " FOLLOWING)");
            case 7 -> SqlNode.text("NTILE(" + (1 + random.nextInt(4)) + ") OVER (", partition, "ORDER BY " + uniqueOrder + ")");
            default -> SqlNode.text("MIN(", argument, ") OVER (", partition, ")");
        };
    }

    private SqlNode setOperation(List<SqlType> types)
    {
        String operator = switch (random.nextInt(6)) {
            case 0 -> " UNION ";
            case 1 -> " UNION ALL ";
            case 2 -> " INTERSECT ";
            case 3 -> " INTERSECT ALL ";
            case 4 -> " EXCEPT ";
            default -> " EXCEPT ALL ";
        };
        SqlNode left = selectQuery(types, 1, false);
        SqlNode right = selectQuery(types, 1, false);
        return SqlNode.text("SELECT * FROM (", left, operator, right, ") AS u", orderBy(types.size()));
    }

    // ---- expressions

    private SqlNode columnOrLiteral(SqlType type, List<ScopeColumn> scope)
    {
        List<ScopeColumn> columns = scope.stream().filter(column -> column.type() == type).toList();
        if (!columns.isEmpty() && random.nextInt(5) != 0) {
            return SqlNode.leaf(type, columns.get(random.nextInt(columns.size())).reference());
        }
        return literal(type);
    }

    private SqlNode literal(SqlType type)
    {
        if (random.nextInt(12) == 0) {
            return SqlNode.leaf(type, "CAST(NULL AS " + type.castName() + ")");
        }
        String text = switch (type) {
            case INTEGER -> pick("0", "1", "-1", "2", "3", "7", "10", "25", "100", "2147483647");
            case BIGINT -> "CAST(" + pick("0", "1", "-1", "5", "1000", "9223372036854775807") + " AS BIGINT)";
            case DOUBLE -> pick("0E0", "1.5E0", "-2.25E0", "1E10", "CAST('NaN' AS DOUBLE)", "CAST('Infinity' AS DOUBLE)", "3.0E0");
            case DECIMAL -> pick("0.00", "1.25", "-3.50", "100.00", "0.05", "99999.99");
            case VARCHAR -> pick("''", "'a'", "'A'", "'abc'", "' x '", "'%'", "'furious'", "'Customer#000000001'", "'é'");
            case DATE -> "DATE '" + pick("1995-01-01", "1992-01-01", "1998-12-31", "2000-02-29", "1970-01-01", "1996-06-15") + "'";
            case BOOLEAN -> pick("TRUE", "FALSE");
        };
        return SqlNode.leaf(type, text);
    }

    private String pick(String... choices)
    {
        return choices[random.nextInt(choices.length)];
    }

    private String comparison()
    {
        return pick("=", "<>", "<", "<=", ">", ">=");
    }

    SqlNode booleanExpression(List<ScopeColumn> scope, int depth)
    {
        return expression(SqlType.BOOLEAN, scope, depth);
    }

    /** An expression of {@code type} over {@code scope}, nested at most {@code depth} levels. */
    SqlNode expression(SqlType type, List<ScopeColumn> scope, int depth)
    {
        if (depth <= 0 || random.nextInt(4) == 0) {
            return columnOrLiteral(type, scope);
        }
        int next = depth - 1;
        int choice = random.nextInt(10);
        if (choice == 0) {
            return SqlNode.expression(type, List.of(), "CASE WHEN ", expression(SqlType.BOOLEAN, scope, next), " THEN ", expression(type, scope, next),
                    " ELSE ", expression(type, scope, next), " END");
        }
        if (choice == 1) {
            return SqlNode.expression(type, List.of(), "COALESCE(", expression(type, scope, next), ", ", expression(type, scope, next), ")");
        }
        if (choice == 2 && type != SqlType.BOOLEAN) {
            return SqlNode.expression(type, List.of(), "NULLIF(", expression(type, scope, next), ", ", expression(type, scope, next), ")");
        }
        return switch (type) {
            case INTEGER -> integerExpression(scope, next);
            case BIGINT -> bigintExpression(scope, next);
            case DOUBLE -> doubleExpression(scope, next);
            case DECIMAL -> decimalExpression(scope, next);
            case VARCHAR -> stringExpression(scope, next);
            case DATE -> dateExpression(scope, next);
            case BOOLEAN -> booleanOperation(scope, next);
        };
    }

    private SqlNode arithmetic(SqlType type, List<ScopeColumn> scope, int depth)
    {
        String operator = pick(" + ", " - ", " * ", " / ", " % ", " + ", " - ");
        return SqlNode.expression(type, List.of(), "(", expression(type, scope, depth), operator, expression(type, scope, depth), ")");
    }

    private SqlNode integerExpression(List<ScopeColumn> scope, int depth)
    {
        return switch (random.nextInt(8)) {
            case 0, 1 -> arithmetic(SqlType.INTEGER, scope, depth);
            case 2 -> SqlNode.expression(SqlType.INTEGER, List.of(), "ABS(", expression(SqlType.INTEGER, scope, depth), ")");
            case 3 -> SqlNode.expression(SqlType.INTEGER, List.of(), "CAST(", expression(pickType(SqlType.BIGINT, SqlType.DOUBLE, SqlType.DECIMAL), scope, depth), " AS INTEGER)");
            case 4 -> SqlNode.expression(SqlType.INTEGER, List.of(), "LENGTH(", expression(SqlType.VARCHAR, scope, depth), ")");
            case 5 -> SqlNode.expression(SqlType.INTEGER, List.of(), "POSITION(", literal(SqlType.VARCHAR), " IN ", expression(SqlType.VARCHAR, scope, depth), ")");
            case 6 -> SqlNode.expression(SqlType.INTEGER, List.of(), "GREATEST(", expression(SqlType.INTEGER, scope, depth), ", ", expression(SqlType.INTEGER, scope, depth), ")");
            default -> SqlNode.expression(SqlType.INTEGER, List.of(), "-(", expression(SqlType.INTEGER, scope, depth), ")");
        };
    }

    private SqlNode bigintExpression(List<ScopeColumn> scope, int depth)
    {
        return switch (random.nextInt(8)) {
            case 0, 1 -> arithmetic(SqlType.BIGINT, scope, depth);
            case 2 -> SqlNode.expression(SqlType.BIGINT, List.of(), "CAST(", expression(pickType(SqlType.INTEGER, SqlType.DOUBLE, SqlType.DECIMAL, SqlType.VARCHAR), scope, depth), " AS BIGINT)");
            case 3 -> SqlNode.expression(SqlType.BIGINT, List.of(), "EXTRACT(" + pick("YEAR", "MONTH", "DAY", "DOW", "QUARTER") + " FROM ", expression(SqlType.DATE, scope, depth), ")");
            case 4 -> SqlNode.expression(SqlType.BIGINT, List.of(), "(", expression(SqlType.DATE, scope, depth), " - ", expression(SqlType.DATE, scope, depth), ")");
            case 5 -> SqlNode.expression(SqlType.BIGINT, List.of(), "DATE_DIFF('" + pick("day", "month", "year") + "', ", expression(SqlType.DATE, scope, depth), ", ",
                    expression(SqlType.DATE, scope, depth), ")");
            case 6 -> SqlNode.expression(SqlType.BIGINT, List.of(), "(", expression(SqlType.BIGINT, scope, depth), pick(" + ", " * ", " - "), expression(SqlType.INTEGER, scope, depth), ")");
            default -> SqlNode.expression(SqlType.BIGINT, List.of(), "ABS(", expression(SqlType.BIGINT, scope, depth), ")");
        };
    }

    private SqlNode doubleExpression(List<ScopeColumn> scope, int depth)
    {
        return switch (random.nextInt(8)) {
            // no DOUBLE division: with integer_division (the standard's INTEGER / INTEGER) DuckDB's / is // for every type, flooring doubles too
            case 0, 1 -> SqlNode.expression(SqlType.DOUBLE, List.of(), "(", expression(SqlType.DOUBLE, scope, depth), pick(" + ", " - ", " * "),
                    expression(SqlType.DOUBLE, scope, depth), ")");
            case 2 -> SqlNode.expression(SqlType.DOUBLE, List.of(), "CAST(", expression(pickType(SqlType.INTEGER, SqlType.BIGINT, SqlType.DECIMAL), scope, depth), " AS DOUBLE)");
            case 3 -> SqlNode.expression(SqlType.DOUBLE, List.of(), pick("SQRT(", "LN(", "EXP(", "ABS(", "CBRT("), expression(SqlType.DOUBLE, scope, depth), ")");
            case 4 -> SqlNode.expression(SqlType.DOUBLE, List.of(), "ROUND(", expression(SqlType.DOUBLE, scope, depth), ", " + random.nextInt(3) + ")");
            case 5 -> SqlNode.expression(SqlType.DOUBLE, List.of(), pick("FLOOR(", "CEIL("), expression(SqlType.DOUBLE, scope, depth), ")");
            case 6 -> SqlNode.expression(SqlType.DOUBLE, List.of(), "POWER(", expression(SqlType.DOUBLE, scope, depth), ", ", literal(SqlType.INTEGER), ")");
            default -> SqlNode.expression(SqlType.DOUBLE, List.of(), "(", expression(SqlType.DOUBLE, scope, depth), " * ", expression(pickType(SqlType.INTEGER, SqlType.DECIMAL), scope, depth), ")");
        };
    }

    private SqlNode decimalExpression(List<ScopeColumn> scope, int depth)
    {
        return switch (random.nextInt(7)) {
            case 0, 1 -> SqlNode.expression(SqlType.DECIMAL, List.of(), "(", expression(SqlType.DECIMAL, scope, depth), pick(" + ", " - ", " * ", " % "),
                    expression(SqlType.DECIMAL, scope, depth), ")");
            case 2 -> SqlNode.expression(SqlType.DECIMAL, List.of(), "CAST(", expression(pickType(SqlType.INTEGER, SqlType.BIGINT, SqlType.DOUBLE, SqlType.VARCHAR), scope, depth),
                    " AS DECIMAL(12, 2))");
            case 3 -> SqlNode.expression(SqlType.DECIMAL, List.of(), "ROUND(", expression(SqlType.DECIMAL, scope, depth), ", " + random.nextInt(2) + ")");
            case 4 -> SqlNode.expression(SqlType.DECIMAL, List.of(), pick("ABS(", "FLOOR(", "CEIL("), expression(SqlType.DECIMAL, scope, depth), ")");
            case 5 -> SqlNode.expression(SqlType.DECIMAL, List.of(), "(", expression(SqlType.DECIMAL, scope, depth), pick(" + ", " * ", " - "), expression(SqlType.INTEGER, scope, depth), ")");
            default -> SqlNode.expression(SqlType.DECIMAL, List.of(), "-(", expression(SqlType.DECIMAL, scope, depth), ")");
        };
    }

    private SqlNode stringExpression(List<ScopeColumn> scope, int depth)
    {
        return switch (random.nextInt(9)) {
            case 0 -> SqlNode.expression(SqlType.VARCHAR, List.of(), pick("UPPER(", "LOWER(", "TRIM(", "LTRIM(", "RTRIM(", "REVERSE("), expression(SqlType.VARCHAR, scope, depth), ")");
            case 1 -> SqlNode.expression(SqlType.VARCHAR, List.of(), "(", expression(SqlType.VARCHAR, scope, depth), " || ", expression(SqlType.VARCHAR, scope, depth), ")");
            // a start of 1 or more: below 1, the standard (and Signo, as PostgreSQL) shortens the window, DuckDB counts from the end
            case 2 -> SqlNode.expression(SqlType.VARCHAR, List.of(), "SUBSTRING(", expression(SqlType.VARCHAR, scope, depth), ", " + (1 + random.nextInt(8)) + ", " + random.nextInt(6) + ")");
            case 3 -> SqlNode.expression(SqlType.VARCHAR, List.of(), "REPLACE(", expression(SqlType.VARCHAR, scope, depth), ", ", literal(SqlType.VARCHAR), ", ", literal(SqlType.VARCHAR), ")");
            case 4 -> SqlNode.expression(SqlType.VARCHAR, List.of(), "CAST(", expression(pickType(SqlType.INTEGER, SqlType.BIGINT, SqlType.DATE, SqlType.DECIMAL, SqlType.BOOLEAN), scope, depth),
                    " AS VARCHAR)");
            case 5 -> SqlNode.expression(SqlType.VARCHAR, List.of(), pick("LPAD(", "RPAD("), expression(SqlType.VARCHAR, scope, depth), ", " + random.nextInt(8) + ", '*')");
            case 6 -> SqlNode.expression(SqlType.VARCHAR, List.of(), pick("LEFT(", "RIGHT("), expression(SqlType.VARCHAR, scope, depth), ", " + random.nextInt(5) + ")");
            case 7 -> SqlNode.expression(SqlType.VARCHAR, List.of(), "CONCAT(", expression(SqlType.VARCHAR, scope, depth), ", ", expression(SqlType.INTEGER, scope, depth), ")");
            default -> SqlNode.expression(SqlType.VARCHAR, List.of(), "GREATEST(", expression(SqlType.VARCHAR, scope, depth), ", ", expression(SqlType.VARCHAR, scope, depth), ")");
        };
    }

    private SqlNode dateExpression(List<ScopeColumn> scope, int depth)
    {
        return switch (random.nextInt(6)) {
            case 0 -> SqlNode.expression(SqlType.DATE, List.of(), "(", expression(SqlType.DATE, scope, depth), pick(" + ", " - "), literal(SqlType.INTEGER), ")");
            // cast back to DATE: DuckDB's DATE ± INTERVAL is a TIMESTAMP at midnight, whose text a SUBSTRING or RIGHT cuts where the
            // classifier cannot see it (seed 42); for Signo, whose result is a DATE already, the cast changes nothing
            case 1 -> SqlNode.expression(SqlType.DATE, List.of(), "CAST((", expression(SqlType.DATE, scope, depth), pick(" + ", " - "), "INTERVAL '" + random.nextInt(40) + "' "
                    + pick("DAY", "MONTH", "YEAR"), ") AS DATE)");
            case 2 -> SqlNode.expression(SqlType.DATE, List.of(), "LAST_DAY(", expression(SqlType.DATE, scope, depth), ")");
            case 3 -> SqlNode.expression(SqlType.DATE, List.of(), "CAST(", literal(SqlType.VARCHAR), " AS DATE)");
            case 4 -> SqlNode.expression(SqlType.DATE, List.of(), "LEAST(", expression(SqlType.DATE, scope, depth), ", ", expression(SqlType.DATE, scope, depth), ")");
            default -> SqlNode.expression(SqlType.DATE, List.of(), "MAKE_DATE(", literal(SqlType.INTEGER), ", " + (1 + random.nextInt(12)) + ", " + (1 + random.nextInt(28)) + ")");
        };
    }

    private SqlNode booleanOperation(List<ScopeColumn> scope, int depth)
    {
        SqlType operandType = pickType(SqlType.INTEGER, SqlType.BIGINT, SqlType.DOUBLE, SqlType.DECIMAL, SqlType.VARCHAR, SqlType.DATE);
        return switch (random.nextInt(10)) {
            case 0, 1 -> SqlNode.expression(SqlType.BOOLEAN, List.of(), "(", expression(operandType, scope, depth), " " + comparison() + " ",
                    expression(mixedWith(operandType), scope, depth), ")");
            case 2 -> SqlNode.expression(SqlType.BOOLEAN, List.of(), "(", expression(SqlType.BOOLEAN, scope, depth), pick(" AND ", " OR "), expression(SqlType.BOOLEAN, scope, depth), ")");
            case 3 -> SqlNode.expression(SqlType.BOOLEAN, List.of(), "NOT (", expression(SqlType.BOOLEAN, scope, depth), ")");
            case 4 -> SqlNode.expression(SqlType.BOOLEAN, List.of(), "(", expression(TYPES[random.nextInt(TYPES.length)], scope, depth), pick(" IS NULL)", " IS NOT NULL)"));
            case 5 -> SqlNode.expression(SqlType.BOOLEAN, List.of(), "(", expression(operandType, scope, depth), pick(" BETWEEN ", " NOT BETWEEN "), literal(operandType), " AND ",
                    literal(operandType), ")");
            case 6 -> SqlNode.expression(SqlType.BOOLEAN, List.of(), "(", expression(operandType, scope, depth), pick(" IN (", " NOT IN ("), literal(operandType), ", ",
                    literal(operandType), ", ", literal(operandType), "))");
            case 7 -> SqlNode.expression(SqlType.BOOLEAN, List.of(), "(", expression(SqlType.VARCHAR, scope, depth), pick(" LIKE ", " NOT LIKE "),
                    "'" + pick("%a%", "a%", "%s", "_%", "%", "%#%", "A_c%", "%furious%") + "')");
            case 8 -> SqlNode.expression(SqlType.BOOLEAN, List.of(), "(", expression(operandType, scope, depth), pick(" IS DISTINCT FROM ", " IS NOT DISTINCT FROM "),
                    expression(operandType, scope, depth), ")");
            default -> SqlNode.expression(SqlType.BOOLEAN, List.of(), "(", expression(SqlType.BOOLEAN, scope, depth), pick(" IS TRUE)", " IS NOT FALSE)", " = FALSE)"));
        };
    }

    private SqlType mixedWith(SqlType type)
    {
        if (type.isNumeric() && random.nextInt(3) == 0) {
            return pickType(SqlType.INTEGER, SqlType.BIGINT, SqlType.DOUBLE, SqlType.DECIMAL);
        }
        return type;
    }

    private SqlType pickType(SqlType... types)
    {
        return types[random.nextInt(types.length)];
    }
}
