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
 *
 * <p>The names are read from the statement as parsed, before validation rewrites its tree, and
 * given to the columns once planning knows how many there are.
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

    /** The select list's items before its first {@code *} (all of them without one), null where unknown; null for {@code VALUES}. */
    private final List<String> leading;
    /** The select list's items after its last {@code *}, or none without one. */
    private final List<String> trailing;

    private PostgresColumnNames(List<String> leading, List<String> trailing)
    {
        this.leading = leading;
        this.trailing = trailing;
    }

    /** The names {@code statement}'s select list gives; read before validation, which rewrites the tree. */
    public static PostgresColumnNames of(SqlNode statement)
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
        if (query instanceof SqlCall values && values.getKind() == SqlKind.VALUES) {
            return new PostgresColumnNames(null, List.of());
        }
        if (!(query instanceof SqlSelect select)) {
            // no select list to name the columns by: each unnamed one is ?column?
            return new PostgresColumnNames(List.of(), List.of());
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
        // a * stands for columns this cannot count: the items before the first one and after the last one still line up
        List<String> leading = new ArrayList<>();
        for (int i = 0; i < (firstStar < 0 ? items.size() : firstStar); i++) {
            leading.add(name(items.get(i)));
        }
        List<String> trailing = new ArrayList<>();
        for (int i = firstStar < 0 ? items.size() : lastStar + 1; i < items.size(); i++) {
            trailing.add(name(items.get(i)));
        }
        return new PostgresColumnNames(leading, trailing);
    }

    /** {@code names} (a query's column names as the engine gives them) with each generated one replaced by PostgreSQL's name for it. */
    public List<String> rename(List<String> names)
    {
        if (names.stream().noneMatch(name -> CALCITE_GENERATED.matcher(name).matches())) {
            return names;
        }
        List<String> expressionNames = expressionNames(names.size());
        List<String> result = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (!CALCITE_GENERATED.matcher(name).matches()) {
                result.add(name);
            }
            else {
                String figured = expressionNames.get(i);
                result.add(figured == null ? UNNAMED : figured);
            }
        }
        return result;
    }

    /** PostgreSQL's name of each of {@code columnCount} result columns, null where it is not known. */
    private List<String> expressionNames(int columnCount)
    {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < columnCount; i++) {
            names.add(leading == null ? "column" + (i + 1) : i < leading.size() ? leading.get(i) : null);
        }
        for (int i = trailing.size() - 1, column = columnCount - 1; i >= 0 && column >= 0; i--, column--) {
            names.set(column, trailing.get(i));
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
