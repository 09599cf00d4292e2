package io.signo.sql.planner;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.util.SqlShuttle;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Lets DuckDB's {@code DATEDIFF('day', a, b)}, {@code DATE_DIFF('day', a, b)} and
 * {@code DATEPART('year', d)} through Calcite's grammar, which parses these names as other dialects'
 * functions taking a time unit keyword ({@code DATEDIFF(DAY, a, b)}; BigQuery's
 * {@code DATE_DIFF(a, b, DAY)}) and fails on a string. Before parsing, the quotes of such a string
 * argument become double quotes ({@code DATEDIFF("day", a, b)}: a name, which the grammar takes as a
 * unit) and {@code DATE_DIFF} becomes {@code DATEDIFF }, keeping the text's length so that error
 * positions stay right; after parsing, each such call becomes a call of Signo's function of that name
 * with the unit as a string again (see {@code DateFunctions}), whatever the unit, so that an unknown one
 * is reported by name. {@code DATE_PART('year', d)}, which the grammar gives PostgreSQL's function,
 * and {@code DATE_PART(year, d)} with a keyword become calls of Signo's DATE_PART the same way.
 */
final class DatePartArguments
        extends SqlShuttle
{
    private static final Set<String> NAMES = Set.of("datediff", "date_diff", "datepart");
    /** A string that can be a name once its quotes are double: a unit such as 'day' or 'yr'. */
    private static final Pattern UNIT = Pattern.compile("'[A-Za-z_][A-Za-z0-9_]*'");
    /** Calcite's operators that the grammar gives these calls, and the name of Signo's function each becomes. */
    private static final Map<SqlOperator, String> REPLACED = Map.of(
            SqlLibraryOperators.DATEDIFF, "DATEDIFF",
            SqlLibraryOperators.DATEPART, "DATEPART",
            SqlLibraryOperators.DATE_PART, "DATE_PART");
    private static final DatePartArguments INSTANCE = new DatePartArguments();

    private DatePartArguments() {}

    /** The text with the unit strings of DATEDIFF, DATE_DIFF and DATEPART calls made names; as long as {@code sql}. */
    static String rewriteText(String sql)
    {
        String lower = sql.toLowerCase(Locale.ROOT);
        if (!lower.contains("datediff") && !lower.contains("date_diff") && !lower.contains("datepart")) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql);
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            int comment = SqlText.endOfComment(sql, i);
            if (comment >= 0) {
                i = comment;
            }
            else if (c == '\'' || c == '"') {
                i = SqlText.endOfQuoted(sql, i);
            }
            else if (Character.isLetter(c) || c == '_') {
                int end = SqlText.endOfWord(sql, i);
                String word = lower.substring(i, end);
                if (NAMES.contains(word) && (i == 0 || sql.charAt(i - 1) != '.')) {
                    int argument = SqlText.skipSpaces(sql, end);
                    if (argument < sql.length() && sql.charAt(argument) == '(') {
                        argument = SqlText.skipSpaces(sql, argument + 1);
                        int close = sql.indexOf('\'', argument + 1);
                        if (argument < sql.length() && sql.charAt(argument) == '\'' && close > 0 && UNIT.matcher(sql.substring(argument, close + 1)).matches()) {
                            out.setCharAt(argument, '"');
                            out.setCharAt(close, '"');
                            if (word.equals("date_diff")) {
                                out.replace(i, end, "DATEDIFF ");
                            }
                        }
                    }
                }
                i = end;
            }
            else {
                i++;
            }
        }
        return out.toString();
    }

    /** The statement with the calls of other dialects' DATEDIFF, DATEPART and DATE_PART made calls of Signo's, their unit a string. */
    static SqlNode rewrite(SqlNode statement)
    {
        return statement.accept(INSTANCE);
    }

    @Override
    public SqlNode visit(SqlCall call)
    {
        SqlNode visited = super.visit(call);
        if (!(visited instanceof SqlCall rewritten) || !REPLACED.containsKey(rewritten.getOperator()) || rewritten.operandCount() == 0) {
            return visited;
        }
        List<SqlNode> operands = new ArrayList<>(rewritten.getOperandList());
        if (rewritten.operand(0) instanceof SqlIntervalQualifier unit) {
            String unitName = unit.timeFrameName != null ? unit.timeFrameName : unit.timeUnitRange.name();
            operands.set(0, SqlLiteral.createCharString(unitName, unit.getParserPosition()));
        }
        SqlIdentifier name = new SqlIdentifier(REPLACED.get(rewritten.getOperator()), rewritten.getParserPosition());
        return new SqlUnresolvedFunction(name, null, null, null, null, SqlFunctionCategory.TIMEDATE)
                .createCall(rewritten.getParserPosition(), operands);
    }
}
