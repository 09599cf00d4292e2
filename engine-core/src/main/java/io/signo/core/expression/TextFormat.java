package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTime;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Int128Math;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/** Writes numbers and dates as ASCII into a native scratch segment and parses dates from bytes, without Strings. */
final class TextFormat
{
    private TextFormat() {}

    /**
     * Writes an unscaled value with {@code scale} digits after the point; returns the byte count.
     * Digits are produced backwards at the end of the 64-byte scratch, then moved to its start.
     */
    static int writeDecimal(MemorySegment target, long unscaled, int scale)
    {
        int position = 64;
        // kept negative so that Long.MIN_VALUE works
        long remaining = unscaled > 0 ? -unscaled : unscaled;
        int digitCount = 0;
        while (remaining != 0 || digitCount <= scale) {
            if (digitCount == scale && scale > 0) {
                target.set(ValueLayout.JAVA_BYTE, --position, (byte) '.');
            }
            target.set(ValueLayout.JAVA_BYTE, --position, (byte) ('0' - (remaining % 10)));
            remaining /= 10;
            digitCount++;
        }
        if (unscaled < 0) {
            target.set(ValueLayout.JAVA_BYTE, --position, (byte) '-');
        }
        int length = 64 - position;
        MemorySegment.copy(target, position, target, 0, length);
        return length;
    }

    /**
     * Writes a long DECIMAL's unscaled 128-bit value with {@code scale} digits after the point;
     * returns the byte count.
     *
     * @param text scratch of at least {@link Int128Math#MAX_FORMATTED_LENGTH} bytes
     */
    static int writeDecimal(MemorySegment target, long high, long low, int scale, byte[] text)
    {
        int length = Int128Math.format(high, low, scale, text, 0);
        MemorySegment.copy(text, 0, target, ValueLayout.JAVA_BYTE, 0, length);
        return length;
    }

    /** @param text scratch of at least {@link CivilDate#MAX_FORMATTED_LENGTH} bytes */
    static int writeDate(MemorySegment target, int days, byte[] text)
    {
        int length = CivilDate.format(days, text, 0);
        MemorySegment.copy(text, 0, target, ValueLayout.JAVA_BYTE, 0, length);
        return length;
    }

    /** @param text scratch of at least {@link CivilTimestamp#MAX_FORMATTED_LENGTH} bytes */
    static int writeTimestamp(MemorySegment target, long micros, byte[] text)
    {
        int length = CivilTimestamp.format(micros, text, 0);
        MemorySegment.copy(text, 0, target, ValueLayout.JAVA_BYTE, 0, length);
        return length;
    }

    /**
     * Microseconds since epoch of a timestamp's text (surrounding spaces allowed), as
     * {@link CivilTimestamp#parse} reads it.
     *
     * @param scratch where the text is copied to be parsed, when it holds it
     * @param end a scratch array of one int
     */
    static long parseTimestamp(MemorySegment bytes, long start, int length, byte[] scratch, int[] end)
    {
        byte[] text = length <= scratch.length ? scratch : new byte[length];
        MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, start, text, 0, length);
        int from = 0;
        int to = length;
        while (from < to && text[from] == ' ') {
            from++;
        }
        while (to > from && text[to - 1] == ' ') {
            to--;
        }
        long micros = CivilTimestamp.parse(text, from, to, end);
        if (micros == CivilTimestamp.INVALID) {
            throw new SignoException(ErrorCode.INVALID_CAST, "Invalid TIMESTAMP '" + new String(text, from, to - from, StandardCharsets.UTF_8) + "'");
        }
        return micros;
    }

    /** Copies {@code length} bytes of {@code text} to the start of {@code target}; returns the length. */
    static int copy(MemorySegment target, byte[] text, int length)
    {
        MemorySegment.copy(text, 0, target, ValueLayout.JAVA_BYTE, 0, length);
        return length;
    }

    /**
     * Microseconds since midnight of a time's text (surrounding spaces allowed), as
     * {@link CivilTime#parse} reads it.
     *
     * @param scratch where the text is copied to be parsed, when it holds it
     */
    static long parseTime(MemorySegment bytes, long start, int length, byte[] scratch)
    {
        byte[] text = length <= scratch.length ? scratch : new byte[length];
        MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, start, text, 0, length);
        int from = 0;
        int to = length;
        while (from < to && text[from] == ' ') {
            from++;
        }
        while (to > from && text[to - 1] == ' ') {
            to--;
        }
        long micros = CivilTime.parse(text, from, to);
        if (micros == CivilTime.INVALID) {
            throw new SignoException(ErrorCode.INVALID_CAST, "Invalid TIME '" + new String(text, from, to - from, StandardCharsets.UTF_8) + "'");
        }
        return micros;
    }

    static int writeAscii(MemorySegment target, String text)
    {
        for (int i = 0; i < text.length(); i++) {
            target.set(ValueLayout.JAVA_BYTE, i, (byte) text.charAt(i));
        }
        return text.length();
    }

    /**
     * Days since epoch of 'YYYY-MM-DD' (surrounding spaces allowed; month and day may have one digit),
     * or of 'YYYY-MM-DD (BC)', a year before Christ as PostgreSQL and DuckDB write it (year 1 BC is ISO's
     * year 0). A date past the days an INTEGER counts (DuckDB's range too) is DATETIME_OUT_OF_RANGE.
     */
    static int parseDate(MemorySegment bytes, long start, int length)
    {
        long end = start + length;
        while (start < end && bytes.get(ValueLayout.JAVA_BYTE, start) == ' ') {
            start++;
        }
        while (end > start && bytes.get(ValueLayout.JAVA_BYTE, end - 1) == ' ') {
            end--;
        }
        long textEnd = end;
        boolean beforeChrist = endsBeforeChrist(bytes, start, end);
        if (beforeChrist) {
            end -= BEFORE_CHRIST_LENGTH;
        }
        int year = 0;
        int month = 0;
        int day = 0;
        int field = 0;
        int digits = 0;
        for (long i = start; i < end; i++) {
            byte b = bytes.get(ValueLayout.JAVA_BYTE, i);
            if (b >= '0' && b <= '9' && digits < 9) {
                int digit = b - '0';
                switch (field) {
                    case 0 -> year = year * 10 + digit;
                    case 1 -> month = month * 10 + digit;
                    default -> day = day * 10 + digit;
                }
                digits++;
            }
            else if (b == '-' && digits > 0 && field < 2) {
                field++;
                digits = 0;
            }
            else {
                throw invalidDate(bytes, start, textEnd);
            }
        }
        long isoYear = beforeChrist ? 1L - year : year;
        if (field != 2 || digits == 0 || beforeChrist && year == 0 || month < 1 || month > 12 || day < 1 || day > CivilDate.daysInMonth(isoYear, month)) {
            throw invalidDate(bytes, start, textEnd);
        }
        long days = CivilDate.toDays(isoYear, month, day);
        if (days != (int) days) {
            byte[] text = bytes.asSlice(start, textEnd - start).toArray(ValueLayout.JAVA_BYTE);
            throw new SignoException(ErrorCode.DATETIME_OUT_OF_RANGE, "DATE out of range: '" + new String(text, StandardCharsets.UTF_8) + "'");
        }
        return (int) days;
    }

    private static final int BEFORE_CHRIST_LENGTH = 5;

    /** Whether the text ends in {@code " (BC)"} (the letters in either case), after a date. */
    private static boolean endsBeforeChrist(MemorySegment bytes, long start, long end)
    {
        if (end - start <= BEFORE_CHRIST_LENGTH) {
            return false;
        }
        long at = end - BEFORE_CHRIST_LENGTH;
        return bytes.get(ValueLayout.JAVA_BYTE, at) == ' '
                && bytes.get(ValueLayout.JAVA_BYTE, at + 1) == '('
                && (bytes.get(ValueLayout.JAVA_BYTE, at + 2) | 0x20) == 'b'
                && (bytes.get(ValueLayout.JAVA_BYTE, at + 3) | 0x20) == 'c'
                && bytes.get(ValueLayout.JAVA_BYTE, at + 4) == ')';
    }

    private static SignoException invalidDate(MemorySegment bytes, long start, long end)
    {
        byte[] text = bytes.asSlice(start, end - start).toArray(ValueLayout.JAVA_BYTE);
        return new SignoException(ErrorCode.INVALID_CAST, "Invalid DATE '" + new String(text, StandardCharsets.UTF_8) + "'");
    }
}
