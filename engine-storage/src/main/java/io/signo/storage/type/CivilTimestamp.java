package io.signo.storage.type;

import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;

/**
 * TIMESTAMP values: microseconds since 1970-01-01 00:00:00 in a long, a wall-clock time without a
 * time zone (PostgreSQL's, DuckDB's and Trino's TIMESTAMP). Parses and writes their text without
 * objects; the calendar part is {@link CivilDate}'s.
 */
public final class CivilTimestamp
{
    public static final long MICROS_PER_SECOND = 1_000_000L;
    public static final long MICROS_PER_DAY = 86_400L * MICROS_PER_SECOND;
    /** What {@link #parse} returns for text that is not a timestamp; not a value in the years it accepts. */
    public static final long INVALID = Long.MIN_VALUE;
    /** The longest text {@link #format} writes. */
    public static final int MAX_FORMATTED_LENGTH = CivilDate.MAX_FORMATTED_LENGTH + 16;

    private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

    private CivilTimestamp() {}

    public static int days(long micros)
    {
        return (int) Math.floorDiv(micros, MICROS_PER_DAY);
    }

    public static long microsOfDay(long micros)
    {
        return Math.floorMod(micros, MICROS_PER_DAY);
    }

    public static long ofDays(int days)
    {
        return days * MICROS_PER_DAY;
    }

    /**
     * The same wall-clock time {@code months} later, the day clamped to the end of the target month;
     * an {@link ArithmeticException} past the range of a long.
     */
    public static long addMonths(long micros, long months)
    {
        return Math.addExact(Math.multiplyExact(CivilDate.addMonths(days(micros), months), MICROS_PER_DAY), microsOfDay(micros));
    }

    public static LocalDateTime toLocalDateTime(long micros)
    {
        return EPOCH.plus(micros, ChronoUnit.MICROS);
    }

    public static long fromLocalDateTime(LocalDateTime value)
    {
        return ChronoUnit.MICROS.between(EPOCH, value);
    }

    /**
     * The text of {@code 'YYYY-MM-DD[ (BC)][( |T)HH:MM[:SS[.fraction]]][Z|(+|-)HH[:MM]]'} as microseconds
     * since the epoch, or {@link #INVALID}: the month, day and hour may have one digit, digits of the
     * fraction beyond microseconds are dropped, and an offset from UTC is subtracted (as PostgreSQL
     * and DuckDB read a zone into a TIMESTAMP). The text has no surrounding spaces.
     */
    public static long parse(byte[] text, int from, int to)
    {
        return parse(text, from, to, new int[1]);
    }

    /** {@link #parse(byte[], int, int)} with a scratch array of one int, for a loop over many values. */
    public static long parse(byte[] text, int from, int to, int[] end)
    {
        long micros = parseLocal(text, from, to, end);
        if (micros == INVALID) {
            return INVALID;
        }
        int offset = parseOffset(text, end[0], to);
        if (offset == INVALID_OFFSET) {
            return INVALID;
        }
        return offset == NO_OFFSET ? micros : micros - offset * MICROS_PER_SECOND;
    }

    /** What {@link #parseOffset} returns for text that is not an offset. */
    public static final int INVALID_OFFSET = Integer.MIN_VALUE;
    /** What {@link #parseOffset} returns for no text at all. */
    public static final int NO_OFFSET = Integer.MIN_VALUE + 1;

    /**
     * The wall-clock time at the start of {@code text[from, to)}, {@code 'YYYY-MM-DD[ (BC)][( |T)HH:MM[:SS[.fraction]]]'},
     * as microseconds since the epoch, or {@link #INVALID}; {@code end[0]} is where the time ends
     * (what follows, a zone, is the caller's).
     */
    public static long parseLocal(byte[] text, int from, int to, int[] end)
    {
        Cursor cursor = new Cursor(text, from, to);
        long year = cursor.number(4, 4);
        if (year < 0 || !cursor.skip('-')) {
            return INVALID;
        }
        long month = cursor.number(1, 2);
        if (month < 1 || month > 12 || !cursor.skip('-')) {
            return INVALID;
        }
        long day = cursor.number(1, 2);
        if (cursor.skipBeforeChrist()) {
            // '0044-03-15 (BC)': year 1 BC is ISO's year 0
            if (year == 0) {
                return INVALID;
            }
            year = 1 - year;
        }
        if (day < 1 || day > CivilDate.daysInMonth(year, (int) month)) {
            return INVALID;
        }
        long micros = CivilDate.toDays(year, (int) month, (int) day) * MICROS_PER_DAY;
        if (!cursor.atEnd() && (cursor.peek() == 'T' || cursor.peek() == ' ' && cursor.isDigitAt(1))) {
            cursor.next();
            long time = parseTimeOfDay(cursor);
            if (time < 0) {
                return INVALID;
            }
            micros += time;
        }
        end[0] = cursor.position;
        return micros;
    }

    /**
     * The offset from UTC in seconds of {@code text[from, to)}: {@code Z}, {@code (+|-)HH}, {@code (+|-)HH:MM}
     * or {@code (+|-)HHMM}, after optional spaces; {@link #NO_OFFSET} for no text (or only spaces),
     * {@link #INVALID_OFFSET} for anything else.
     */
    public static int parseOffset(byte[] text, int from, int to)
    {
        Cursor cursor = new Cursor(text, from, to);
        while (cursor.skip(' ')) {
            // spaces between the time and its zone
        }
        if (cursor.atEnd()) {
            return NO_OFFSET;
        }
        if (cursor.skip('Z')) {
            return cursor.atEnd() ? 0 : INVALID_OFFSET;
        }
        int sign = cursor.skip('+') ? 1 : cursor.skip('-') ? -1 : 0;
        long offsetHours = sign == 0 ? -1 : cursor.number(2, 2);
        if (offsetHours < 0 || offsetHours > 15) {
            return INVALID_OFFSET;
        }
        long offsetMinutes = 0;
        if (cursor.skip(':') || cursor.isDigit()) {
            offsetMinutes = cursor.number(2, 2);
            if (offsetMinutes < 0 || offsetMinutes > 59) {
                return INVALID_OFFSET;
            }
        }
        if (!cursor.atEnd()) {
            return INVALID_OFFSET;
        }
        return (int) (sign * (offsetHours * 60 + offsetMinutes) * 60);
    }

    /** {@code H[H]:MM[:SS[.fraction]]} at the cursor as microseconds since midnight, or -1. */
    static long parseTimeOfDay(Cursor cursor)
    {
        long hour = cursor.number(1, 2);
        if (hour < 0 || hour > 23 || !cursor.skip(':')) {
            return -1;
        }
        long minute = cursor.number(2, 2);
        if (minute < 0 || minute > 59) {
            return -1;
        }
        long second = 0;
        long fraction = 0;
        if (cursor.skip(':')) {
            second = cursor.number(2, 2);
            if (second < 0 || second > 59) {
                return -1;
            }
            if (cursor.skip('.')) {
                int digits = 0;
                while (cursor.isDigit()) {
                    int digit = cursor.next() - '0';
                    if (digits < 6) {
                        fraction = fraction * 10 + digit;
                    }
                    digits++;
                }
                if (digits == 0) {
                    return -1;
                }
                for (int i = digits; i < 6; i++) {
                    fraction *= 10;
                }
            }
        }
        return ((hour * 60 + minute) * 60 + second) * MICROS_PER_SECOND + fraction;
    }

    /** {@link #parse(byte[], int, int)} of a String (ASCII expected; other characters never parse). */
    public static long parse(String text)
    {
        byte[] bytes = new byte[text.length()];
        for (int i = 0; i < bytes.length; i++) {
            char c = text.charAt(i);
            bytes[i] = c < 0x80 ? (byte) c : (byte) 0xFF;
        }
        return parse(bytes, 0, bytes.length);
    }

    /**
     * Writes {@code 'YYYY-MM-DD HH:MM:SS[.fraction]'} (the fraction without its trailing zeros, as
     * PostgreSQL and DuckDB print it) into {@code target} from {@code offset}; returns the end offset.
     * The date part is written as {@link CivilDate#format} writes it, a year before 1 with
     * {@code " (BC)"} after the date, as DuckDB does: {@code '0001-12-31 (BC) 23:00:00'}.
     */
    public static int format(long micros, byte[] target, int offset)
    {
        int days = days(micros);
        int position = CivilDate.format(days, target, offset);
        target[position++] = ' ';
        return formatTimeOfDay(microsOfDay(micros), target, position);
    }

    /** Writes {@code 'HH:MM:SS[.fraction]'} of microseconds since midnight (the fraction without its trailing zeros); returns the end offset. */
    static int formatTimeOfDay(long ofDay, byte[] target, int offset)
    {
        int position = CivilDate.padded(target, offset, (int) (ofDay / (3600 * MICROS_PER_SECOND)), 2);
        return formatMinutesAndSeconds(ofDay % (3600 * MICROS_PER_SECOND), target, position);
    }

    /** Writes {@code ':MM:SS[.fraction]'} of microseconds within an hour; returns the end offset. */
    static int formatMinutesAndSeconds(long ofHour, byte[] target, int offset)
    {
        long seconds = ofHour / MICROS_PER_SECOND;
        int position = offset;
        target[position++] = ':';
        position = CivilDate.padded(target, position, (int) (seconds / 60 % 60), 2);
        target[position++] = ':';
        position = CivilDate.padded(target, position, (int) (seconds % 60), 2);
        int fraction = (int) (ofHour % MICROS_PER_SECOND);
        if (fraction != 0) {
            target[position++] = '.';
            int digits = 6;
            while (fraction % 10 == 0) {
                fraction /= 10;
                digits--;
            }
            position = CivilDate.padded(target, position, fraction, digits);
        }
        return position;
    }

    public static String format(long micros)
    {
        byte[] text = new byte[MAX_FORMATTED_LENGTH];
        int length = format(micros, text, 0);
        return new String(text, 0, length, StandardCharsets.US_ASCII);
    }

    /** Reads fixed fields left to right. */
    static final class Cursor
    {
        private final byte[] text;
        private final int end;
        int position;

        Cursor(byte[] text, int from, int to)
        {
            this.text = text;
            this.position = from;
            this.end = to;
        }

        boolean atEnd()
        {
            return position == end;
        }

        boolean isDigit()
        {
            return position < end && text[position] >= '0' && text[position] <= '9';
        }

        /** The next byte, not consumed; the cursor must not be at its end. */
        byte peek()
        {
            return text[position];
        }

        boolean isDigitAt(int ahead)
        {
            return position + ahead < end && text[position + ahead] >= '0' && text[position + ahead] <= '9';
        }

        byte next()
        {
            return text[position++];
        }

        boolean skip(char expected)
        {
            if (position < end && text[position] == expected) {
                position++;
                return true;
            }
            return false;
        }

        /** Skips {@code " (BC)"} (the letters in either case), the mark of a year before Christ, when it is next; says whether it was. */
        boolean skipBeforeChrist()
        {
            if (end - position < 5 || text[position] != ' ' || text[position + 1] != '(' || (text[position + 2] | 0x20) != 'b'
                    || (text[position + 3] | 0x20) != 'c' || text[position + 4] != ')') {
                return false;
            }
            position += 5;
            return true;
        }

        /** A number of {@code min} to {@code max} digits, or -1. */
        long number(int min, int max)
        {
            long value = 0;
            int digits = 0;
            while (digits < max && isDigit()) {
                value = value * 10 + next() - '0';
                digits++;
            }
            return digits < min ? -1 : value;
        }
    }
}
