package io.signo.sql.planner;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The names PostgreSQL gives a query's unnamed result columns, for clients of the PostgreSQL
 * protocol. Calcite calls a column without an alias {@code EXPR$0}, {@code EXPR$1}, ...; PostgreSQL
 * names it after what the expression is: a function call or an aggregate by the function
 * ({@code count}, {@code sum}, {@code coalesce}), a cast by its operand's name or else by the type
 * ({@code int4}, {@code text}), {@code CASE} as {@code case}, a scalar sub-query by its column, a
 * {@code VALUES} column as {@code column1}, ...; anything else (an operator, a literal) as
 * {@code ?column?}. Columns with a name (a column, an alias) keep it.
 */
public final class PostgresColumnNames
{
    private static final Pattern CALCITE_GENERATED = Pattern.compile("EXPR\\$\\d+");
    private static final String UNNAMED = "?column?";
    /** PostgreSQL's names of the types a cast may name a column after. */
    private static final Map<String, String> TYPE_NAMES = Map.ofEntries(
            Map.entry("INTEGER", "int4"), Map.entry("INT", "int4"), Map.entry("BIGINT", "int8"), Map.entry("SMALLINT", "int2"), Map.entry("TINYINT", "int2"),
            Map.entry("REAL", "float4"), Map.entry("FLOAT", "float8"), Map.entry("DOUBLE", "float8"), Map.entry("BOOLEAN", "bool"),
            Map.entry("DECIMAL", "numeric"), Map.entry("NUMERIC", "numeric"), Map.entry("VARCHAR", "varchar"), Map.entry("CHAR", "bpchar"),
            Map.entry("DATE", "date"), Map.entry("TIME", "time"), Map.entry("TIMESTAMP", "timestamp"), Map.entry("TIMESTAMP_WITH_LOCAL_TIME_ZONE", "timestamptz"),
            Map.entry("TIMESTAMP_TZ", "timestamptz"), Map.entry("VARBINARY", "bytea"), Map.entry("BINARY", "bytea"));

    private PostgresColumnNames() {}

    /** {@code names} (a query's column names as the engine gives them) with each generated one replaced by PostgreSQL's name for it. */
    public static List<String> of(String sql, List<String> names)
    {
        if (names.stream().noneMatch(name -> CALCITE_GENERATED.matcher(name).matches())) {
            return names;
        }
        List<String> expressionNames;
        try {
            expressionNames = selectListNames(LogicalPlanner.parse(sql), names.size());
        }
        catch (RuntimeException e) {
            // only a statement that already ran gets here; should it not parse alone, it keeps its names
            expressionNames = null;
        }
        List<String> result = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (!CALCITE_GENERATED.matcher(name).matches()) {
                result.add(name);
            }
            else {
                String figured = expressionNames == null ? null : expressionNames.get(i);
                result.add(figured == null ? UNNAMED : figured);
            }
        }
        return result;
    }

    /** PostgreSQL's name of each result column of a query (null where it is not known), or null when the statement is no query. */
    private static List<String> selectListNames(SqlNode statement, int columnCount)
    {
        SqlNode query = statement;
        while (true) {
            if (query instanceof SqlOrderBy orderBy) {
                query = orderBy.query;
            }
            else if (query instanceof SqlWith with) {
                query = with.body;
            }
            else if (query instanceof SqlCall call && (call.getKind() == SqlKind.UNION || call.getKind() == SqlKind.INTERSECT || call.getKind() == SqlKind.EXCEPT)) {
                // a set operation's columns are named after its first input's
                query = call.operand(0);
            }
            else {
                break;
            }
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < columnCount; i++) {
            names.add(null);
        }
        if (query instanceof SqlCall values && values.getKind() == SqlKind.VALUES) {
            for (int i = 0; i < columnCount; i++) {
                names.set(i, "column" + (i + 1));
            }
            return names;
        }
        if (!(query instanceof SqlSelect select)) {
            return null;
        }
        SqlNodeList items = select.getSelectList();
        int firstStar = -1;
        int lastStar = -1;
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i) instanceof SqlIdentifier identifier && identifier.isStar()) {
                firstStar = firstStar < 0 ? i : firstStar;
                lastStar = i;
            }
        }
        if (firstStar < 0) {
            for (int i = 0; i < items.size() && i < columnCount; i++) {
                names.set(i, name(items.get(i)));
            }
            return names;
        }
        // a * stands for columns this cannot count: the items before the first one and after the last one still line up
        for (int i = 0; i < firstStar && i < columnCount; i++) {
            names.set(i, name(items.get(i)));
        }
        for (int i = items.size() - 1, column = columnCount - 1; i > lastStar && column >= 0; i--, column--) {
            names.set(column, name(items.get(i)));
        }
        return names;
    }

    /** PostgreSQL's name for an expression, or null for {@code ?column?}. */
    private static String name(SqlNode expression)
    {
        if (expression instanceof SqlIdentifier identifier) {
            return identifier.isStar() ? null : identifier.names.getLast();
        }
        if (expression instanceof SqlOrderBy orderBy) {
            return name(orderBy.query);
        }
        if (expression instanceof SqlSelect select && select.getSelectList().size() == 1) {
            return name(select.getSelectList().get(0));
        }
        if (!(expression instanceof SqlCall call)) {
            return null;
        }
        switch (call.getKind()) {
            case AS -> {
                return ((SqlIdentifier) call.operand(1)).getSimple();
            }
            case CAST -> {
                String operand = name(call.operand(0));
                return operand != null ? operand : typeName(call.operand(1));
            }
            case CASE -> {
                return "case";
            }
            case OVER, FILTER, WITHIN_GROUP, WITHIN_DISTINCT -> {
                return name(call.operand(0));
            }
            case EXISTS -> {
                return "exists";
            }
            case ARRAY_VALUE_CONSTRUCTOR -> {
                return "array";
            }
            case ROW -> {
                return "row";
            }
            case SCALAR_QUERY -> {
                return name(call.operand(0));
            }
            default -> {
                // a function or an aggregate by its name; an operator (+, ||, =, LIKE, IS NULL, ...) has none
                return call.getOperator() instanceof SqlFunction function ? function.getName().toLowerCase(Locale.ROOT) : null;
            }
        }
    }

    private static String typeName(SqlNode type)
    {
        if (!(type instanceof SqlDataTypeSpec spec)) {
            return null;
        }
        String name = spec.getTypeNameSpec().getTypeName().names.getLast();
        return TYPE_NAMES.getOrDefault(name.toUpperCase(Locale.ROOT), name.toLowerCase(Locale.ROOT));
    }
}
