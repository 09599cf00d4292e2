package io.signo.storage.type;

import java.nio.charset.StandardCharsets;
import java.time.LocalTime;

/**
 * TIME values: microseconds since midnight in a long, a time of day without a date or a time zone
 * (PostgreSQL's and DuckDB's TIME). Parses and writes their text without objects.
 */
public final class CivilTime
{
    /** The first microsecond past the last TIME: a TIME is in [0, MICROS_PER_DAY). */
    public static final long MICROS_PER_DAY = CivilTimestamp.MICROS_PER_DAY;
    /** What {@link #parse} returns for text that is not a time. */
    public static final long INVALID = CivilTimestamp.INVALID;
    /** The longest text {@link #format} writes: {@code HH:MM:SS.ffffff}. */
    public static final int MAX_FORMATTED_LENGTH = 15;

    private CivilTime() {}

    /**
     * The text of {@code 'H[H]:MM[:SS[.fraction]]'} as microseconds since midnight, or {@link #INVALID};
     * digits of the fraction beyond microseconds are dropped. The text has no surrounding spaces.
     */
    public static long parse(byte[] text, int from, int to)
    {
        CivilTimestamp.Cursor cursor = new CivilTimestamp.Cursor(text, from, to);
        long micros = CivilTimestamp.parseTimeOfDay(cursor);
        return micros < 0 || !cursor.atEnd() ? INVALID : micros;
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
     * Writes {@code 'HH:MM:SS[.fraction]'} (the fraction without its trailing zeros, as PostgreSQL and
     * DuckDB print it) into {@code target} from {@code offset}; returns the end offset.
     */
    public static int format(long micros, byte[] target, int offset)
    {
        return CivilTimestamp.formatTimeOfDay(micros, target, offset);
    }

    public static String format(long micros)
    {
        byte[] text = new byte[MAX_FORMATTED_LENGTH];
        int length = format(micros, text, 0);
        return new String(text, 0, length, StandardCharsets.US_ASCII);
    }

    public static LocalTime toLocalTime(long micros)
    {
        return LocalTime.ofNanoOfDay(micros * 1000);
    }

    public static long fromLocalTime(LocalTime time)
    {
        return time.toNanoOfDay() / 1000;
    }
}
