package io.signo.server.cli;

import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTime;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Interval;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.type.ZonedTimestamp;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.time.ZoneOffset;

import static java.util.Objects.requireNonNull;

/**
 * Turns the values of a vector into text for people and files: NULL as nothing, DATE as
 * YYYY-MM-DD, TIMESTAMP as YYYY-MM-DD HH:MM:SS[.fraction], TIME as HH:MM:SS[.fraction], TIMESTAMP WITH TIME ZONE as the
 * wall-clock time in the result's time zone with its offset ({@code 2024-01-02 10:00:00+01}), intervals as DuckDB writes them
 * ({@code 1 year 2 months}, {@code 3 days 04:05:06}), DECIMAL with exactly its declared scale, DOUBLE as {@link Double#toString(double)},
 * BOOLEAN as true/false, CHAR without its pad spaces. Works a column at a time: one switch on the
 * type per vector, then a loop that appends into one buffer with no object per value (except
 * non-ASCII strings, which are decoded through {@link String}). Not thread safe: it keeps scratch
 * space.
 */
public final class ValueFormatter
{
    public enum Quoting
    {
        /** Text as it is. */
        NONE,
        /**
         * RFC 4180: strings containing a comma, quote, CR or LF are quoted, inner quotes doubled; the
         * empty string is {@code ""} so that it differs from NULL.
         */
        CSV
    }

    private static final int DAYS_0000_TO_1970 = 719_468;

    private final Quoting quoting;
    private final char[] digits = new char[20];
    private byte[] stringBytes = new byte[256];
    private TimeZoneOffsets timeZone = TimeZoneOffsets.of(ZoneOffset.UTC);

    public ValueFormatter(Quoting quoting)
    {
        this.quoting = requireNonNull(quoting, "quoting is null");
    }

    /** Shows TIMESTAMP WITH TIME ZONE values in {@code zone} from now on (a result's, the session's). */
    public void timeZone(ZoneId zone)
    {
        this.timeZone = TimeZoneOffsets.of(requireNonNull(zone, "zone is null"));
    }

    /**
     * Appends the text of positions [0, positionCount) of {@code vector} to {@code buffer}; after
     * position p, {@code ends[p]} is the buffer's length, so cell p is [ends[p - 1], ends[p]) with
     * ends[-1] meaning the buffer's length before the call.
     */
    public void formatColumn(ColumnVector vector, int positionCount, StringBuilder buffer, int[] ends)
    {
        Type type = vector.type();
        boolean mayHaveNulls = vector.mayHaveNulls();
        switch (type.kind()) {
            case BOOLEAN -> {
                for (int position = 0; position < positionCount; position++) {
                    if (!(mayHaveNulls && vector.isNull(position))) {
                        buffer.append(vector.getBoolean(position));
                    }
                    ends[position] = buffer.length();
                }
            }
            case INTEGER -> {
                for (int position = 0; position < positionCount; position++) {
                    if (!(mayHaveNulls && vector.isNull(position))) {
                        buffer.append(vector.getInt(position));
                    }
                    ends[position] = buffer.length();
                }
            }
            case BIGINT -> {
                for (int position = 0; position < positionCount; position++) {
                    if (!(mayHaveNulls && vector.isNull(position))) {
                        buffer.append(vector.getLong(position));
                    }
                    ends[position] = buffer.length();
                }
            }
            case DOUBLE -> {
                for (int position = 0; position < positionCount; position++) {
                    if (!(mayHaveNulls && vector.isNull(position))) {
                        buffer.append(vector.getDouble(position));
                    }
                    ends[position] = buffer.length();
                }
            }
            case REAL -> {
                for (int position = 0; position < positionCount; position++) {
                    if (!(mayHaveNulls && vector.isNull(position))) {
                        buffer.append((float) vector.getDouble(position));
                    }
                    ends[position] = buffer.length();
                }
            }
            case DECIMAL -> {
                int scale = type.scale();
                byte[] text = type.isLongDecimal() ? new byte[Int128Math.MAX_FORMATTED_LENGTH] : null;
                for (int position = 0; position < positionCount; position++) {
                    if (!(mayHaveNulls && vector.isNull(position))) {
                        if (text != null) {
                            int length = Int128Math.format(vector.getInt128High(position), vector.getInt128Low(position), scale, text, 0);
                            for (int i = 0; i < length; i++) {
                                buffer.append((char) text[i]);
                            }
                        }
                        else {
                            appendDecimal(vector.getLong(position), scale, buffer);
                        }
                    }
                    ends[position] = buffer.length();
                }
            }
            case DATE -> {
                for (int position = 0; position < positionCount; position++) {
                    if (!(mayHaveNulls && vector.isNull(position))) {
                        appendDate(vector.getInt(position), buffer);
                    }
                    ends[position] = buffer.length();
                }
            }
            case TIMESTAMP -> {
                byte[] text = new byte[CivilTimestamp.MAX_FORMATTED_LENGTH];
                for (int position = 0; position < positionCount; position++) {
                    if (!(mayHaveNulls && vector.isNull(position))) {
                        int length = CivilTimestamp.format(vector.getLong(position), text, 0);
                        for (int i = 0; i < length; i++) {
                            buffer.append((char) text[i]);
                        }
                    }
                    ends[position] = buffer.length();
                }
            }
            case TIME, TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> {
                byte[] text = new byte[Interval.MAX_FORMATTED_LENGTH];
                TypeKind kind = type.kind();
                for (int position = 0; position < positionCount; position++) {
                    if (!(mayHaveNulls && vector.isNull(position))) {
                        long value = vector.getLong(position);
                        int length = switch (kind) {
                            case TIME -> CivilTime.format(value, text, 0);
                            case TIMESTAMP_TZ -> ZonedTimestamp.format(value, timeZone, text, 0);
                            default -> Interval.format(type, value, text, 0);
                        };
                        for (int i = 0; i < length; i++) {
                            buffer.append((char) text[i]);
                        }
                    }
                    ends[position] = buffer.length();
                }
            }
            case VARCHAR, CHAR -> {
                boolean trimPadding = type.kind() == TypeKind.CHAR;
                MemorySegment values = vector.values();
                for (int position = 0; position < positionCount; position++) {
                    if (!(mayHaveNulls && vector.isNull(position))) {
                        appendString(values, vector.stringStart(position), vector.stringLength(position), trimPadding, buffer);
                    }
                    ends[position] = buffer.length();
                }
            }
        }
    }

    /** The text of one value; for tests and headers, not for loops. */
    public String format(ColumnVector vector, int position)
    {
        StringBuilder buffer = new StringBuilder();
        int[] ends = new int[position + 1];
        formatColumn(vector, position + 1, buffer, ends);
        return buffer.substring(position == 0 ? 0 : ends[position - 1], ends[position]);
    }

    /** Appends a name (a column header) with this formatter's quoting. */
    public void appendText(String text, StringBuilder buffer)
    {
        if (quoting == Quoting.CSV && needsCsvQuotes(text)) {
            appendQuoted(text, buffer);
        }
        else {
            buffer.append(text);
        }
    }

    /** Appends {@code unscaled / 10^scale} with exactly {@code scale} digits after the point. */
    void appendDecimal(long unscaled, int scale, StringBuilder buffer)
    {
        // Digits are produced from the negated value so that Long.MIN_VALUE needs no special case.
        long remaining = unscaled < 0 ? unscaled : -unscaled;
        int start = digits.length;
        do {
            digits[--start] = (char) ('0' - (int) (remaining % 10));
            remaining /= 10;
        }
        while (remaining != 0);
        if (unscaled < 0) {
            buffer.append('-');
        }
        int digitCount = digits.length - start;
        if (scale == 0) {
            buffer.append(digits, start, digitCount);
            return;
        }
        if (digitCount <= scale) {
            buffer.append('0').append('.');
            for (int zeros = scale - digitCount; zeros > 0; zeros--) {
                buffer.append('0');
            }
            buffer.append(digits, start, digitCount);
            return;
        }
        int integerDigits = digitCount - scale;
        buffer.append(digits, start, integerDigits).append('.').append(digits, start + integerDigits, scale);
    }

    /** Appends a date as YYYY-MM-DD (proleptic Gregorian), other years as {@link CivilDate#format} writes them. */
    static void appendDate(int daysSinceEpoch, StringBuilder buffer)
    {
        // Civil-from-days (Howard Hinnant): eras of 400 years starting on 0000-03-01.
        long days = daysSinceEpoch + (long) DAYS_0000_TO_1970;
        long era = Math.floorDiv(days, 146_097);
        long dayOfEra = days - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long shiftedMonth = (5 * dayOfYear + 2) / 153;
        int day = (int) (dayOfYear - (153 * shiftedMonth + 2) / 5 + 1);
        int month = (int) (shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9);
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        if (year < 1 || year > 9999) {
            buffer.append(CivilDate.format(daysSinceEpoch));
            return;
        }
        int y = (int) year;
        buffer.append((char) ('0' + y / 1000))
                .append((char) ('0' + y / 100 % 10))
                .append((char) ('0' + y / 10 % 10))
                .append((char) ('0' + y % 10))
                .append('-')
                .append((char) ('0' + month / 10))
                .append((char) ('0' + month % 10))
                .append('-')
                .append((char) ('0' + day / 10))
                .append((char) ('0' + day % 10));
    }

    private void appendString(MemorySegment values, int start, int length, boolean trimPadding, StringBuilder buffer)
    {
        if (length > stringBytes.length) {
            stringBytes = new byte[Math.max(length, stringBytes.length * 2)];
        }
        byte[] bytes = stringBytes;
        MemorySegment.copy(values, ValueLayout.JAVA_BYTE, start, bytes, 0, length);
        if (trimPadding) {
            while (length > 0 && bytes[length - 1] == ' ') {
                length--;
            }
        }
        boolean ascii = true;
        boolean quote = false;
        for (int i = 0; i < length; i++) {
            byte value = bytes[i];
            ascii &= value >= 0;
            // UTF-8 never uses bytes below 0x80 inside a multi-byte character, so this is safe on raw bytes
            quote |= value == ',' || value == '"' || value == '\r' || value == '\n';
        }
        // an empty string is quoted so that it reads back differently from NULL (an empty field)
        quote = quoting == Quoting.CSV && (quote || length == 0);
        if (!ascii) {
            String text = new String(bytes, 0, length, StandardCharsets.UTF_8);
            if (quote) {
                appendQuoted(text, buffer);
            }
            else {
                buffer.append(text);
            }
            return;
        }
        if (quote) {
            buffer.append('"');
        }
        for (int i = 0; i < length; i++) {
            char character = (char) bytes[i];
            if (quote && character == '"') {
                buffer.append('"');
            }
            buffer.append(character);
        }
        if (quote) {
            buffer.append('"');
        }
    }

    private static boolean needsCsvQuotes(String text)
    {
        for (int i = 0; i < text.length(); i++) {
            char character = text.charAt(i);
            if (character == ',' || character == '"' || character == '\r' || character == '\n') {
                return true;
            }
        }
        return false;
    }

    private static void appendQuoted(String text, StringBuilder buffer)
    {
        buffer.append('"');
        for (int i = 0; i < text.length(); i++) {
            char character = text.charAt(i);
            if (character == '"') {
                buffer.append('"');
            }
            buffer.append(character);
        }
        buffer.append('"');
    }
}
