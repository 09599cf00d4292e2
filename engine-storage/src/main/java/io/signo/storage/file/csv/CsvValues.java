package io.signo.storage.file.csv;

import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTime;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Interval;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.type.ZonedTimestamp;

import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;

/**
 * Parses CSV field text, as the parser hands it over (a slice of its char buffer), into the values a
 * column stores, without making a String of numbers and dates. Each parse returns false when the
 * text is not a value of the type; the caller names the file, line and column.
 */
final class CsvValues
{
    private static final TimeZoneOffsets UTC = TimeZoneOffsets.of(ZoneOffset.UTC);

    /** Where a parse leaves its result. */
    long longValue;
    /** A long DECIMAL's high word; {@link #longValue} holds its low word. */
    long highValue;
    double doubleValue;

    private final int[] scratch = new int[1];

    private byte[] bytes = new byte[64];

    /**
     * {@link #parse(Type, byte[], int, int)} of characters (a sampled line, FastCSV's buffer): a
     * character outside ASCII becomes a byte no number, date or boolean holds.
     */
    boolean parse(Type type, char[] text, int start, int length)
    {
        if (bytes.length < length) {
            bytes = new byte[Math.max(length, bytes.length * 2)];
        }
        for (int i = 0; i < length; i++) {
            char c = text[start + i];
            bytes[i] = c < 0x80 ? (byte) c : (byte) 0xFF;
        }
        return parse(type, bytes, 0, length);
    }

    /** Whether the text parses as a value of {@code type}; the value is then in this object's fields. */
    boolean parse(Type type, byte[] text, int start, int length)
    {
        int from = start;
        int to = start + length;
        // surrounding spaces are allowed around numbers, dates and booleans, as DuckDB and PostgreSQL allow them
        while (from < to && text[from] == ' ') {
            from++;
        }
        while (to > from && text[to - 1] == ' ') {
            to--;
        }
        if (from == to) {
            return false;
        }
        return switch (type.kind()) {
            case BOOLEAN -> parseBoolean(text, from, to);
            case INTEGER -> parseLong(text, from, to) && longValue >= Integer.MIN_VALUE && longValue <= Integer.MAX_VALUE;
            case BIGINT -> parseLong(text, from, to);
            case DECIMAL -> type.isLongDecimal() ? parseLongDecimal(text, from, to, type.precision(), type.scale()) : parseDecimal(text, from, to, type.precision(), type.scale());
            case DOUBLE -> parseFloatingPoint(text, from, to, false);
            case REAL -> parseFloatingPoint(text, from, to, true);
            case DATE -> parseDate(text, from, to);
            case TIMESTAMP -> (longValue = CivilTimestamp.parse(text, from, to, scratch)) != CivilTimestamp.INVALID;
            case VARCHAR, CHAR -> true;
            case TIME -> (longValue = CivilTime.parse(text, from, to)) != CivilTime.INVALID;
            // a file has no session: a time without an offset is UTC's
            case TIMESTAMP_TZ -> (longValue = ZonedTimestamp.parse(text, from, to, UTC, scratch)) != ZonedTimestamp.INVALID;
            case INTERVAL_YEAR_MONTH -> (longValue = Interval.parseMonths(new String(text, from, to - from, StandardCharsets.UTF_8))) != Interval.INVALID;
            case INTERVAL_DAY_TIME -> (longValue = Interval.parseMicros(new String(text, from, to - from, StandardCharsets.UTF_8))) != Interval.INVALID;
        };
    }

    private boolean parseBoolean(byte[] text, int from, int to)
    {
        String value = new String(text, from, to - from, StandardCharsets.ISO_8859_1);
        switch (value.toLowerCase(java.util.Locale.ROOT)) {
            case "true", "t", "yes", "y", "1" -> longValue = 1;
            case "false", "f", "no", "n", "0" -> longValue = 0;
            default -> {
                return false;
            }
        }
        return true;
    }

    private boolean parseLong(byte[] text, int from, int to)
    {
        boolean negative = text[from] == '-';
        int i = negative || text[from] == '+' ? from + 1 : from;
        if (i == to) {
            return false;
        }
        long value = 0;
        for (; i < to; i++) {
            int digit = text[i] - '0';
            if (digit < 0 || digit > 9) {
                return false;
            }
            // accumulate negatively, so that Long.MIN_VALUE parses
            if (value < (Long.MIN_VALUE + digit) / 10) {
                return false;
            }
            value = value * 10 - digit;
        }
        if (!negative && value == Long.MIN_VALUE) {
            return false;
        }
        longValue = negative ? value : -value;
        return true;
    }

    /** An unscaled value of {@code scale} digits after the point, rounded half up beyond them, of at most {@code precision} digits. */
    private boolean parseDecimal(byte[] text, int from, int to, int precision, int scale)
    {
        boolean negative = text[from] == '-';
        int i = negative || text[from] == '+' ? from + 1 : from;
        long unscaled = 0;
        int significantDigits = 0;
        int fractionDigits = 0;
        boolean point = false;
        boolean anyDigit = false;
        boolean roundUp = false;
        for (; i < to; i++) {
            byte c = text[i];
            if (c == '.' && !point) {
                point = true;
                continue;
            }
            if (c < '0' || c > '9') {
                return false;
            }
            anyDigit = true;
            if (point && fractionDigits >= scale) {
                // the first digit beyond the scale rounds; the ones after it only have to be digits
                roundUp |= fractionDigits == scale && c >= '5';
                fractionDigits++;
                continue;
            }
            fractionDigits += point ? 1 : 0;
            significantDigits += unscaled != 0 || c != '0' ? 1 : 0;
            if (significantDigits > 18) {
                return false;
            }
            unscaled = unscaled * 10 + (c - '0');
        }
        if (!anyDigit) {
            return false;
        }
        for (int f = Math.min(fractionDigits, scale); f < scale; f++) {
            significantDigits += unscaled != 0 ? 1 : 0;
            if (significantDigits > 18) {
                return false;
            }
            unscaled *= 10;
        }
        unscaled += roundUp ? 1 : 0;
        if (unscaled >= POWERS_OF_TEN[Math.min(Math.max(precision, 1), 18)]) {
            return false;
        }
        longValue = negative ? -unscaled : unscaled;
        return true;
    }

    /** {@link #parseDecimal} in 128 bits, into {@link #highValue} and {@link #longValue}, for precision 19 to 38. */
    private boolean parseLongDecimal(byte[] text, int from, int to, int precision, int scale)
    {
        boolean negative = text[from] == '-';
        int i = negative || text[from] == '+' ? from + 1 : from;
        long high = 0;
        long low = 0;
        int significantDigits = 0;
        int fractionDigits = 0;
        boolean point = false;
        boolean anyDigit = false;
        boolean roundUp = false;
        for (; i < to; i++) {
            byte c = text[i];
            if (c == '.' && !point) {
                point = true;
                continue;
            }
            if (c < '0' || c > '9') {
                return false;
            }
            anyDigit = true;
            if (point && fractionDigits >= scale) {
                roundUp |= fractionDigits == scale && c >= '5';
                fractionDigits++;
                continue;
            }
            fractionDigits += point ? 1 : 0;
            significantDigits += (high | low) != 0 || c != '0' ? 1 : 0;
            if (significantDigits > precision) {
                return false;
            }
            // (high, low) * 10 + digit: at most 38 digits, so it never leaves 127 bits
            long digit = c - '0';
            high = high * 10 + Math.unsignedMultiplyHigh(low, 10);
            low *= 10;
            long sum = low + digit;
            high += Long.compareUnsigned(sum, low) < 0 ? 1 : 0;
            low = sum;
        }
        if (!anyDigit) {
            return false;
        }
        for (int f = Math.min(fractionDigits, scale); f < scale; f++) {
            significantDigits += (high | low) != 0 ? 1 : 0;
            if (significantDigits > precision) {
                return false;
            }
            high = high * 10 + Math.unsignedMultiplyHigh(low, 10);
            low *= 10;
        }
        if (roundUp) {
            low++;
            high += low == 0 ? 1 : 0;
        }
        if (!Int128Math.fitsPrecision(high, low, precision)) {
            return false;
        }
        if (negative) {
            high = Int128Math.negateHigh(high, low);
            low = -low;
        }
        highValue = high;
        longValue = low;
        return true;
    }

    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    /**
     * A DOUBLE, or a REAL as the float nearest the text (not the float nearest its double, which may
     * differ); a finite number beyond a float's range is not a REAL.
     */
    private boolean parseFloatingPoint(byte[] text, int from, int to, boolean real)
    {
        for (int i = from; i < to; i++) {
            byte c = text[i];
            // Java's parser also takes hexadecimal, 'd' and 'f' suffixes: a CSV value is plain decimal or inf/nan
            if (!(c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) {
                String word = new String(text, from, to - from, StandardCharsets.ISO_8859_1).toLowerCase(java.util.Locale.ROOT);
                switch (word) {
                    case "inf", "+inf", "infinity", "+infinity" -> doubleValue = Double.POSITIVE_INFINITY;
                    case "-inf", "-infinity" -> doubleValue = Double.NEGATIVE_INFINITY;
                    case "nan" -> doubleValue = Double.NaN;
                    default -> {
                        return false;
                    }
                }
                return true;
            }
        }
        try {
            String number = new String(text, from, to - from, StandardCharsets.ISO_8859_1);
            doubleValue = real ? Float.parseFloat(number) : Double.parseDouble(number);
            // a number written out in digits is infinite only beyond a float's range
            return !real || !Double.isInfinite(doubleValue);
        }
        catch (NumberFormatException e) {
            return false;
        }
    }

    /** {@code YYYY-MM-DD} (the month and day may have one digit) as days since 1970-01-01. */
    private boolean parseDate(byte[] text, int from, int to)
    {
        if (to - from == 10 && text[from + 4] == '-' && text[from + 7] == '-') {
            // YYYY-MM-DD, as nearly every file writes it
            int y1 = text[from] - '0';
            int y2 = text[from + 1] - '0';
            int y3 = text[from + 2] - '0';
            int y4 = text[from + 3] - '0';
            int m1 = text[from + 5] - '0';
            int m2 = text[from + 6] - '0';
            int d1 = text[from + 8] - '0';
            int d2 = text[from + 9] - '0';
            if ((y1 | y2 | y3 | y4 | m1 | m2 | d1 | d2) >= 0 && y1 <= 9 && y2 <= 9 && y3 <= 9 && y4 <= 9 && m1 <= 9 && m2 <= 9 && d1 <= 9 && d2 <= 9) {
                int year = y1 * 1000 + y2 * 100 + y3 * 10 + y4;
                int month = m1 * 10 + m2;
                int day = d1 * 10 + d2;
                if (month < 1 || month > 12 || day < 1 || day > CivilDate.daysInMonth(year, month)) {
                    return false;
                }
                longValue = CivilDate.toDays(year, month, day);
                return true;
            }
        }
        int i = from;
        int year = 0;
        int yearDigits = 0;
        while (i < to && text[i] >= '0' && text[i] <= '9' && yearDigits < 4) {
            year = year * 10 + text[i++] - '0';
            yearDigits++;
        }
        if (yearDigits != 4 || i == to || text[i++] != '-') {
            return false;
        }
        int month = 0;
        int monthDigits = 0;
        while (i < to && text[i] >= '0' && text[i] <= '9' && monthDigits < 2) {
            month = month * 10 + text[i++] - '0';
            monthDigits++;
        }
        if (monthDigits == 0 || i == to || text[i++] != '-') {
            return false;
        }
        int day = 0;
        int dayDigits = 0;
        while (i < to && text[i] >= '0' && text[i] <= '9' && dayDigits < 2) {
            day = day * 10 + text[i++] - '0';
            dayDigits++;
        }
        if (dayDigits == 0 || i != to || month < 1 || month > 12 || day < 1 || day > CivilDate.daysInMonth(year, month)) {
            return false;
        }
        longValue = CivilDate.toDays(year, month, day);
        return true;
    }

    /**
     * The narrowest type that this value and the ones before it (of type {@code current}, or null for
     * none yet) all parse as, as DuckDB's sniffer chooses: BOOLEAN (true or false), BIGINT, DOUBLE,
     * then VARCHAR; DATE, TIMESTAMP, then VARCHAR.
     */
    Type widen(Type current, char[] text, int start, int length)
    {
        if (current == null) {
            for (Type candidate : new Type[] {Type.BOOLEAN, Type.BIGINT, Type.DOUBLE, Type.DATE, Type.TIMESTAMP}) {
                if (candidate.kind() == TypeKind.BOOLEAN ? isBooleanWord(text, start, length) : parse(candidate, text, start, length)) {
                    return candidate;
                }
            }
            return Type.VARCHAR;
        }
        Type type = current;
        while (type.kind() != TypeKind.VARCHAR && !(type.kind() == TypeKind.BOOLEAN ? isBooleanWord(text, start, length) : parse(type, text, start, length))) {
            type = switch (type.kind()) {
                case BOOLEAN -> Type.BIGINT;
                case BIGINT -> Type.DOUBLE;
                case DATE -> Type.TIMESTAMP;
                default -> Type.VARCHAR;
            };
        }
        return type;
    }

    private static boolean isBooleanWord(char[] text, int start, int length)
    {
        String word = new String(text, start, length).strip();
        return word.equalsIgnoreCase("true") || word.equalsIgnoreCase("false");
    }
}
