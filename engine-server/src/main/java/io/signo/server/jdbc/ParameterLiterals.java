package io.signo.server.jdbc;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.apache.calcite.avatica.remote.TypedValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Binds the {@code ?} parameters of a prepared statement by writing each bound value into the SQL
 * as a literal. Signo's planner has no dynamic parameters, so a prepared statement is planned again
 * with its values at every execution. Strings are quoted with inner quotes doubled, so a value can
 * never end its literal; numbers are written exactly (negative ones in parentheses, so that
 * {@code x-?} never becomes a comment); dates become {@code DATE 'YYYY-MM-DD'}. A {@code ?} inside
 * a string literal, a quoted identifier or a comment is not a parameter.
 */
final class ParameterLiterals
{
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private ParameterLiterals() {}

    /** How many parameters {@code sql} has. */
    static int count(String sql)
    {
        int count = 0;
        int length = sql.length();
        for (int index = 0; index < length; index = next(sql, index)) {
            if (sql.charAt(index) == '?') {
                count++;
            }
        }
        return count;
    }

    /** {@code sql} with its parameters replaced by the values, in order. */
    static String bind(String sql, List<TypedValue> values)
    {
        int parameterCount = count(sql);
        if (values.size() != parameterCount) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "the statement has " + parameterCount + " parameters but " + values.size() + " values were bound");
        }
        if (parameterCount == 0) {
            return sql;
        }
        StringBuilder bound = new StringBuilder(sql.length() + 16 * parameterCount);
        int parameter = 0;
        int length = sql.length();
        int index = 0;
        while (index < length) {
            int end = next(sql, index);
            if (sql.charAt(index) == '?') {
                appendLiteral(values.get(parameter), parameter + 1, bound);
                parameter++;
            }
            else {
                bound.append(sql, index, end);
            }
            index = end;
        }
        return bound.toString();
    }

    /** {@code sql} with every parameter replaced by NULL, to plan a prepared statement before it has values. */
    static String withNulls(String sql)
    {
        StringBuilder replaced = new StringBuilder(sql.length());
        int length = sql.length();
        int index = 0;
        while (index < length) {
            int end = next(sql, index);
            if (sql.charAt(index) == '?') {
                replaced.append("NULL");
            }
            else {
                replaced.append(sql, index, end);
            }
            index = end;
        }
        return replaced.toString();
    }

    /**
     * The end of the token starting at {@code index}: a whole string literal, quoted identifier or
     * comment, or else one character.
     */
    private static int next(String sql, int index)
    {
        int length = sql.length();
        char character = sql.charAt(index);
        if (character == '\'' || character == '"') {
            int end = index + 1;
            while (end < length) {
                if (sql.charAt(end) == character) {
                    // a doubled quote is the quote character itself and stays inside
                    if (end + 1 < length && sql.charAt(end + 1) == character) {
                        end += 2;
                        continue;
                    }
                    return end + 1;
                }
                end++;
            }
            return length;
        }
        if (character == '-' && index + 1 < length && sql.charAt(index + 1) == '-') {
            int end = sql.indexOf('\n', index);
            return end < 0 ? length : end + 1;
        }
        if (character == '/' && index + 1 < length && sql.charAt(index + 1) == '*') {
            int end = sql.indexOf("*/", index + 2);
            return end < 0 ? length : end + 2;
        }
        return index + 1;
    }

    private static void appendLiteral(TypedValue value, int parameter, StringBuilder out)
    {
        Object local = value == null ? null : value.toLocal();
        if (local == null) {
            out.append("NULL");
            return;
        }
        switch (value.type) {
            case JAVA_SQL_DATE -> out.append("DATE '").append(LocalDate.ofEpochDay(((Number) local).longValue())).append('\'');
            case JAVA_SQL_TIME -> out.append("TIME '").append(LocalTime.ofNanoOfDay(((Number) local).longValue() * 1_000_000L)).append('\'');
            case JAVA_SQL_TIMESTAMP, JAVA_UTIL_DATE ->
                out.append("TIMESTAMP '").append(TIMESTAMP.format(Instant.ofEpochMilli(((Number) local).longValue()).atOffset(ZoneOffset.UTC))).append('\'');
            default -> appendObject(local, parameter, value, out);
        }
    }

    private static void appendObject(Object local, int parameter, TypedValue value, StringBuilder out)
    {
        switch (local) {
            case String text -> appendString(text, out);
            case Character character -> appendString(String.valueOf(character), out);
            case Boolean bool -> out.append(bool ? "TRUE" : "FALSE");
            // one case per type: the formatter does not know several patterns in one case yet
            case Byte small -> appendSigned(small.toString(), out);
            case Short small -> appendSigned(small.toString(), out);
            case Integer integer -> appendSigned(integer.toString(), out);
            case Long integer -> appendSigned(integer.toString(), out);
            case BigDecimal decimal -> appendSigned(decimal.toPlainString(), out);
            case BigInteger integer -> appendSigned(integer.toString(), out);
            case Float floating -> appendDouble(floating.doubleValue(), parameter, out);
            case Double floating -> appendDouble(floating, parameter, out);
            default -> throw new SignoException(ErrorCode.NOT_SUPPORTED,
                    "parameter " + parameter + " has a type Signo cannot bind: " + value.type + " (" + local.getClass().getName() + ")");
        }
    }

    private static void appendString(String text, StringBuilder out)
    {
        out.append('\'');
        for (int i = 0; i < text.length(); i++) {
            char character = text.charAt(i);
            if (character == '\'') {
                out.append('\'');
            }
            out.append(character);
        }
        out.append('\'');
    }

    private static void appendSigned(String digits, StringBuilder out)
    {
        if (digits.startsWith("-")) {
            out.append('(').append(digits).append(')');
        }
        else {
            out.append(digits);
        }
    }

    private static void appendDouble(double value, int parameter, StringBuilder out)
    {
        if (!Double.isFinite(value)) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "parameter " + parameter + " is " + value + ", which SQL has no literal for");
        }
        // an exponent makes it an approximate (DOUBLE) literal rather than a DECIMAL one
        String text = Double.toString(value);
        appendSigned(text.indexOf('E') >= 0 ? text : text + "E0", out);
    }
}
