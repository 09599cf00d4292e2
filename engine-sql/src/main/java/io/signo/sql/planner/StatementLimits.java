package io.signo.sql.planner;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a statement may ask of the planner, checked before Calcite sees it or right after it parsed
 * it, so that a huge or odd statement fails with an error that names the limit rather than with an
 * exception from deep inside Calcite: the length of the statement, the values of one IN list, and a
 * LIKE or SIMILAR TO escape of other than one character. Expressions nested too deeply are
 * {@link NestingDepth}'s; identifiers longer than 128 characters are refused by Calcite's parser,
 * whose message {@link #abbreviateQuoted} keeps short.
 */
public final class StatementLimits
{
    /** Trino's default {@code query.max-length} too. */
    public static final int MAX_STATEMENT_LENGTH = 1_000_000;
    public static final int MAX_IN_LIST_VALUES = 100_000;
    /** Quoted text longer than this in a parser's message is cut. */
    private static final int MAX_QUOTED_LENGTH = 64;
    private static final Pattern QUOTED = Pattern.compile("'([^']{" + (MAX_QUOTED_LENGTH + 1) + ",})'|\"([^\"]{" + (MAX_QUOTED_LENGTH + 1) + ",})\"");

    private StatementLimits() {}

    /** Refuses a statement longer than {@link #MAX_STATEMENT_LENGTH} characters. */
    public static void checkLength(String sql)
    {
        if (sql != null && sql.length() > MAX_STATEMENT_LENGTH) {
            throw new SignoException(ErrorCode.STATEMENT_TOO_LARGE, "the statement is " + sql.length() + " characters long; the limit is " + MAX_STATEMENT_LENGTH
                    + " (load large lists of values into a table, or read them from a file with read_csv)");
        }
    }

    /** Refuses IN lists of more than {@link #MAX_IN_LIST_VALUES} values and LIKE escapes of other than one character. */
    static void check(SqlNode statement)
    {
        Deque<SqlNode> pending = new ArrayDeque<>();
        pending.push(statement);
        while (!pending.isEmpty()) {
            SqlNode node = pending.pop();
            if (node instanceof SqlNodeList list) {
                for (SqlNode child : list) {
                    if (child != null) {
                        pending.push(child);
                    }
                }
            }
            else if (node instanceof SqlCall call) {
                SqlKind kind = call.getKind();
                if ((kind == SqlKind.IN || kind == SqlKind.NOT_IN) && call.operandCount() == 2 && call.operand(1) instanceof SqlNodeList values && values.size() > MAX_IN_LIST_VALUES) {
                    throw new SignoException(ErrorCode.STATEMENT_TOO_LARGE, "line " + call.getParserPosition().getLineNum() + ", column " + call.getParserPosition().getColumnNum()
                            + ": the IN list has " + values.size() + " values; the limit is " + MAX_IN_LIST_VALUES + " (join with a table of the values instead)");
                }
                if ((kind == SqlKind.LIKE || kind == SqlKind.SIMILAR) && call.operandCount() == 3 && call.operand(2) instanceof SqlCharStringLiteral escape) {
                    String text = escape.getValueAs(String.class);
                    if (text.length() != 1) {
                        throw new SignoException(ErrorCode.INVALID_ARGUMENT, "line " + escape.getParserPosition().getLineNum() + ", column " + escape.getParserPosition().getColumnNum()
                                + ": " + (kind == SqlKind.LIKE ? "LIKE" : "SIMILAR TO") + " escape must be one character: '" + abbreviated(text) + "'");
                    }
                }
                for (SqlNode operand : call.getOperandList()) {
                    if (operand != null) {
                        pending.push(operand);
                    }
                }
            }
        }
    }

    /** {@code message} with every quoted text of more than 64 characters cut to its start and its length. */
    public static String abbreviateQuoted(String message)
    {
        if (message == null) {
            return null;
        }
        Matcher matcher = QUOTED.matcher(message);
        StringBuilder shortened = new StringBuilder();
        while (matcher.find()) {
            boolean single = matcher.group(1) != null;
            String quoted = single ? matcher.group(1) : matcher.group(2);
            String quote = single ? "'" : "\"";
            matcher.appendReplacement(shortened, Matcher.quoteReplacement(quote + abbreviated(quoted) + quote));
        }
        matcher.appendTail(shortened);
        return shortened.toString();
    }

    private static String abbreviated(String text)
    {
        return text.length() <= MAX_QUOTED_LENGTH ? text : text.substring(0, 32) + "... (" + text.length() + " characters)";
    }
}
