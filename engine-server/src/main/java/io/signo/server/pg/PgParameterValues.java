package io.signo.server.pg;

import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTime;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Interval;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.type.ZonedTimestamp;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a bound parameter value as the SQL literal that replaces its {@code $n}: text or binary,
 * read as the type the client gave it or, when it gave none, as the type the statement infers for
 * it. Values are checked as PostgreSQL's input functions check them, so a value can never end its
 * literal or change the statement: numbers must be numbers, strings are quoted with inner quotes
 * doubled, dates, times and instants are read and written back in canonical form. A value that
 * does not read as its type is a 22P02 (text) or 22P03 (binary) error naming the parameter.
 */
final class PgParameterValues
{
    /** A date's text with what clients may put after it: pgJDBC's {@code setDate} adds the offset ({@code 1995-03-15 +01}). */
    private static final Pattern DATE_TEXT = Pattern.compile("\\s*(\\d{4,}-\\d{1,2}-\\d{1,2})(?:\\s+[+-]\\d{1,2}(?::?\\d{2})?)?\\s*");
    /** A time of day with an offset after it, which a TIME ignores as PostgreSQL's does. */
    private static final Pattern TIME_OFFSET = Pattern.compile("([0-9:.]+)\\s*(?:[+-]\\d{1,2}(?::?\\d{2})?|Z)?\\s*");
    /** A timestamp with an offset after it, which a TIMESTAMP ignores as PostgreSQL's does. */
    private static final Pattern TIMESTAMP_OFFSET = Pattern.compile("\\s*(\\d{4,}-\\d{1,2}-\\d{1,2}(?:[ T][0-9:.]+)?)\\s*(?:[+-]\\d{1,2}(?::?\\d{2}(?::?\\d{2})?)?|Z)?\\s*");

    private PgParameterValues() {}

    /**
     * The literal of parameter {@code number}.
     *
     * @param oid the type the client gave it, or 0
     * @param inferred the type the statement gives it, or null when unknown
     * @param value the bytes, null for NULL
     */
    static String literal(int number, int oid, Type inferred, boolean binary, byte[] value, TimeZoneOffsets timeZone)
    {
        if (value == null) {
            return "NULL";
        }
        Type type = PgTypes.parameterType(oid);
        int effectiveOid = oid;
        if (type == null) {
            type = inferred == null ? Type.VARCHAR : inferred;
            effectiveOid = inferred == null ? PgTypes.TEXT : PgTypes.oid(inferred);
        }
        return binary ? binaryLiteral(number, effectiveOid, type, value) : textLiteral(number, type, new String(value, StandardCharsets.UTF_8), timeZone);
    }

    private static String textLiteral(int number, Type type, String text, TimeZoneOffsets timeZone)
    {
        String value = text.strip();
        return switch (type.kind()) {
            case BOOLEAN -> switch (value.toLowerCase(Locale.ROOT)) {
                case "t", "true", "y", "yes", "on", "1" -> "TRUE";
                case "f", "false", "n", "no", "off", "0" -> "FALSE";
                default -> throw invalid(number, "boolean", text);
            };
            case INTEGER, BIGINT -> {
                try {
                    yield signed(Long.toString(Long.parseLong(value.startsWith("+") ? value.substring(1) : value)));
                }
                catch (NumberFormatException e) {
                    throw invalid(number, type.kind() == TypeKind.INTEGER ? "integer" : "bigint", text);
                }
            }
            case REAL, DOUBLE -> {
                double parsed;
                try {
                    parsed = Double.parseDouble(value);
                }
                catch (NumberFormatException e) {
                    throw invalid(number, type.kind() == TypeKind.REAL ? "real" : "double precision", text);
                }
                yield floating(number, parsed, type);
            }
            case DECIMAL -> {
                try {
                    yield signed(new BigDecimal(value).toPlainString());
                }
                catch (NumberFormatException e) {
                    throw invalid(number, "numeric", text);
                }
            }
            case VARCHAR, CHAR -> quoted(text);
            case DATE -> {
                Matcher matcher = DATE_TEXT.matcher(value);
                if (!matcher.matches()) {
                    throw invalid(number, "date", text);
                }
                try {
                    String[] parts = matcher.group(1).split("-");
                    LocalDate date = LocalDate.of(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
                    yield "DATE '" + CivilDate.format((int) date.toEpochDay()) + "'";
                }
                catch (RuntimeException e) {
                    throw invalid(number, "date", text);
                }
            }
            case TIME -> {
                Matcher matcher = TIME_OFFSET.matcher(value);
                long micros = matcher.matches() ? CivilTime.parse(matcher.group(1)) : CivilTime.INVALID;
                if (micros == CivilTime.INVALID) {
                    throw invalid(number, "time", text);
                }
                yield "TIME '" + CivilTime.format(micros) + "'";
            }
            case TIMESTAMP -> {
                Matcher matcher = TIMESTAMP_OFFSET.matcher(value);
                long micros = matcher.matches() ? CivilTimestamp.parse(matcher.group(1).replace('T', ' ')) : CivilTimestamp.INVALID;
                if (micros == CivilTimestamp.INVALID) {
                    throw invalid(number, "timestamp", text);
                }
                yield "TIMESTAMP '" + CivilTimestamp.format(micros) + "'";
            }
            case TIMESTAMP_TZ -> {
                byte[] bytes = value.replace('T', ' ').getBytes(StandardCharsets.UTF_8);
                long instant = ZonedTimestamp.parse(bytes, 0, bytes.length, timeZone, new int[1]);
                if (instant == ZonedTimestamp.INVALID) {
                    throw invalid(number, "timestamp with time zone", text);
                }
                yield instant(instant);
            }
            case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> {
                if (Interval.parseMicros(value) == Interval.INVALID && Interval.parseMonths(value) == Interval.INVALID) {
                    throw invalid(number, "interval", text);
                }
                yield "INTERVAL " + quoted(value);
            }
        };
    }

    private static String binaryLiteral(int number, int oid, Type type, byte[] value)
    {
        ByteBuffer bytes = ByteBuffer.wrap(value);
        try {
            String literal = switch (oid) {
                case PgTypes.BOOL -> exactly(number, "boolean", value, 1) && value[0] != 0 ? "TRUE" : "FALSE";
                case PgTypes.INT2 -> exactly(number, "smallint", value, 2) ? signed(Short.toString(bytes.getShort())) : null;
                case PgTypes.INT4 -> exactly(number, "integer", value, 4) ? signed(Integer.toString(bytes.getInt())) : null;
                case PgTypes.OID -> exactly(number, "oid", value, 4) ? Long.toString(Integer.toUnsignedLong(bytes.getInt())) : null;
                case PgTypes.INT8 -> exactly(number, "bigint", value, 8) ? signed(Long.toString(bytes.getLong())) : null;
                case PgTypes.FLOAT4 -> exactly(number, "real", value, 4) ? floating(number, bytes.getFloat(), Type.REAL) : null;
                case PgTypes.FLOAT8 -> exactly(number, "double precision", value, 8) ? floating(number, bytes.getDouble(), Type.DOUBLE) : null;
                case PgTypes.NUMERIC -> signed(numeric(number, bytes).toPlainString());
                case PgTypes.TEXT, PgTypes.VARCHAR, PgTypes.BPCHAR, PgTypes.NAME, PgTypes.CHAR, PgTypes.UNKNOWN -> quoted(new String(value, StandardCharsets.UTF_8));
                case PgTypes.DATE -> exactly(number, "date", value, 4) ? "DATE '" + CivilDate.format((int) (bytes.getInt() + PgValueEncoder.POSTGRES_EPOCH_DAYS)) + "'" : null;
                case PgTypes.TIME -> exactly(number, "time", value, 8) ? "TIME '" + CivilTime.format(bytes.getLong()) + "'" : null;
                case PgTypes.TIMESTAMP -> exactly(number, "timestamp", value, 8)
                        ? "TIMESTAMP '" + CivilTimestamp.format(Math.addExact(bytes.getLong(), PgValueEncoder.POSTGRES_EPOCH_MICROS)) + "'"
                        : null;
                case PgTypes.TIMESTAMPTZ -> exactly(number, "timestamp with time zone", value, 8) ? instant(Math.addExact(bytes.getLong(), PgValueEncoder.POSTGRES_EPOCH_MICROS)) : null;
                case PgTypes.INTERVAL -> exactly(number, "interval", value, 16) ? interval(number, bytes.getLong(), bytes.getInt(), bytes.getInt()) : null;
                default -> throw new PgException(SqlStates.FEATURE_NOT_SUPPORTED, "parameter $" + number + " has type OID " + oid + ", which Signo cannot bind");
            };
            if (literal == null) {
                throw new IllegalStateException("unreachable: a length check failed without an error");
            }
            return literal;
        }
        catch (ArithmeticException e) {
            throw new PgException(SqlStates.INVALID_BINARY_REPRESENTATION, "parameter $" + number + ": the binary value of type " + type + " is out of range");
        }
    }

    private static boolean exactly(int number, String typeName, byte[] value, int length)
    {
        if (value.length != length) {
            throw new PgException(SqlStates.INVALID_BINARY_REPRESENTATION,
                    "parameter $" + number + ": a binary " + typeName + " has " + length + " bytes, not " + value.length);
        }
        return true;
    }

    /** PostgreSQL's binary numeric: digit count, weight, sign, display scale, base-10000 digits. */
    private static BigDecimal numeric(int number, ByteBuffer bytes)
    {
        if (bytes.remaining() < 8) {
            throw new PgException(SqlStates.INVALID_BINARY_REPRESENTATION, "parameter $" + number + ": a binary numeric has at least 8 bytes");
        }
        int digitCount = bytes.getShort() & 0xffff;
        int weight = bytes.getShort();
        int sign = bytes.getShort() & 0xffff;
        int displayScale = bytes.getShort() & 0xffff;
        if (bytes.remaining() != 2 * digitCount || (sign != 0x0000 && sign != 0x4000)) {
            throw new PgException(SqlStates.INVALID_BINARY_REPRESENTATION, "parameter $" + number + ": a malformed binary numeric (NaN and infinities are not numbers Signo has)");
        }
        BigInteger unscaled = BigInteger.ZERO;
        for (int i = 0; i < digitCount; i++) {
            int digit = bytes.getShort();
            if (digit < 0 || digit > 9999) {
                throw new PgException(SqlStates.INVALID_BINARY_REPRESENTATION, "parameter $" + number + ": a binary numeric digit of " + digit);
            }
            unscaled = unscaled.multiply(BigInteger.valueOf(10_000)).add(BigInteger.valueOf(digit));
        }
        // the digits stand for unscaled * 10000^(weight - digitCount + 1)
        BigDecimal value = new BigDecimal(unscaled, -4 * (weight - digitCount + 1));
        value = value.setScale(Math.max(displayScale, 0), java.math.RoundingMode.UNNECESSARY);
        return sign == 0x4000 ? value.negate() : value;
    }

    private static String interval(int number, long micros, int days, int months)
    {
        if (months != 0 && (micros != 0 || days != 0)) {
            throw new PgException(SqlStates.FEATURE_NOT_SUPPORTED,
                    "parameter $" + number + ": an interval of months and days or time together; Signo's intervals are either year-month or day-time");
        }
        if (months != 0) {
            return "INTERVAL " + quoted(Interval.formatMonths(months));
        }
        return "INTERVAL " + quoted(Interval.formatMicros(Math.addExact(Math.multiplyExact(days, CivilTimestamp.MICROS_PER_DAY), micros)));
    }

    /** An instant as a TIMESTAMP WITH TIME ZONE literal, written in UTC. */
    private static String instant(long micros)
    {
        return "TIMESTAMPTZ '" + CivilTimestamp.format(micros) + "+00'";
    }

    private static String floating(int number, double value, Type type)
    {
        if (!Double.isFinite(value)) {
            throw new PgException(SqlStates.FEATURE_NOT_SUPPORTED, "parameter $" + number + " is " + value + ", which SQL has no literal for");
        }
        String text = type.kind() == TypeKind.REAL ? Float.toString((float) value) : Double.toString(value);
        // an exponent makes it an approximate (DOUBLE) literal rather than a DECIMAL one
        String literal = signed(text.indexOf('E') >= 0 ? text : text + "E0");
        return type.kind() == TypeKind.REAL ? "CAST(" + literal + " AS REAL)" : literal;
    }

    /** A number, negative ones in parentheses, so that {@code x-$1} never becomes a comment. */
    private static String signed(String digits)
    {
        return digits.startsWith("-") ? "(" + digits + ")" : digits;
    }

    static String quoted(String text)
    {
        if (text.indexOf('\0') >= 0) {
            throw new PgException(SqlStates.INVALID_TEXT_REPRESENTATION, "a string parameter contains a zero byte, which text cannot hold");
        }
        StringBuilder out = new StringBuilder(text.length() + 2);
        out.append('\'');
        for (int i = 0; i < text.length(); i++) {
            char character = text.charAt(i);
            if (character == '\'') {
                out.append('\'');
            }
            out.append(character);
        }
        return out.append('\'').toString();
    }

    private static PgException invalid(int number, String typeName, String text)
    {
        String shown = text.length() > 100 ? text.substring(0, 100) + "..." : text;
        return new PgException(SqlStates.INVALID_TEXT_REPRESENTATION, "invalid input syntax for type " + typeName + " (parameter $" + number + "): \"" + shown + "\"");
    }
}
