package io.signo.storage.type;

import java.nio.charset.StandardCharsets;
import java.time.ZoneId;

/**
 * The text of TIMESTAMP WITH TIME ZONE values: an instant (microseconds since 1970-01-01 00:00:00
 * UTC) written as the wall-clock time of a zone with that zone's offset, as PostgreSQL and DuckDB
 * write it ({@code '2024-01-02 10:00:00+01'}, {@code '2024-01-02 10:00:00+05:30'}), and read from a
 * timestamp's text with an offset ({@code 'Z'}, {@code '+01'}, {@code '-05:30'}), a zone's name
 * ({@code '2024-01-02 10:00:00 America/New_York'}), or neither (the session's zone).
 */
public final class ZonedTimestamp
{
    /** The longest text {@link #format} writes: a timestamp and an offset of hours, minutes and seconds. */
    public static final int MAX_FORMATTED_LENGTH = CivilTimestamp.MAX_FORMATTED_LENGTH + 9;
    public static final long INVALID = CivilTimestamp.INVALID;

    private ZonedTimestamp() {}

    /** Writes the instant as its wall-clock time in {@code zone} and the offset there; returns the end offset. */
    public static int format(long instant, TimeZoneOffsets zone, byte[] target, int offset)
    {
        int offsetSeconds = zone.offsetSeconds(instant);
        int position = CivilTimestamp.format(instant + offsetSeconds * CivilTimestamp.MICROS_PER_SECOND, target, offset);
        return formatOffset(offsetSeconds, target, position);
    }

    public static String format(long instant, TimeZoneOffsets zone)
    {
        byte[] text = new byte[MAX_FORMATTED_LENGTH];
        return new String(text, 0, format(instant, zone, text, 0), StandardCharsets.US_ASCII);
    }

    /** Writes an offset from UTC as {@code +HH}, {@code +HH:MM} or {@code +HH:MM:SS} (the shortest that is exact); returns the end offset. */
    public static int formatOffset(int offsetSeconds, byte[] target, int offset)
    {
        int position = offset;
        target[position++] = (byte) (offsetSeconds < 0 ? '-' : '+');
        int seconds = Math.abs(offsetSeconds);
        position = CivilDate.padded(target, position, seconds / 3600, 2);
        if (seconds % 3600 != 0) {
            target[position++] = ':';
            position = CivilDate.padded(target, position, seconds / 60 % 60, 2);
            if (seconds % 60 != 0) {
                target[position++] = ':';
                position = CivilDate.padded(target, position, seconds % 60, 2);
            }
        }
        return position;
    }

    /**
     * The instant of a timestamp's text without surrounding spaces, {@code 'YYYY-MM-DD[ HH:MM[:SS[.fraction]]]'}
     * followed by an offset, a zone's name or nothing (then the wall-clock time is {@code sessionZone}'s),
     * or {@link #INVALID}.
     *
     * @param scratch an array of one int, reused from value to value
     */
    public static long parse(byte[] text, int from, int to, TimeZoneOffsets sessionZone, int[] scratch)
    {
        long local = CivilTimestamp.parseLocal(text, from, to, scratch);
        if (local == CivilTimestamp.INVALID) {
            return INVALID;
        }
        int zoneStart = scratch[0];
        int offset = CivilTimestamp.parseOffset(text, zoneStart, to);
        if (offset == CivilTimestamp.NO_OFFSET) {
            return sessionZone.toInstant(local);
        }
        if (offset != CivilTimestamp.INVALID_OFFSET) {
            return local - offset * CivilTimestamp.MICROS_PER_SECOND;
        }
        // a zone's name: rare enough for a String
        ZoneId zone = TimeZoneOffsets.zone(new String(text, zoneStart, to - zoneStart, StandardCharsets.UTF_8));
        return zone == null ? INVALID : TimeZoneOffsets.of(zone).toInstant(local);
    }
}
