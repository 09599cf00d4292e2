package io.signo.storage.type;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** TIME, INTERVAL and TIMESTAMP WITH TIME ZONE text, and time zone offsets checked against java.time. */
class TimeAndIntervalTextTest
{
    private static final List<String> ZONES = List.of("Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "America/Sao_Paulo", "UTC", "+05:30",
            "Pacific/Chatham");

    @Test
    void timesReadAndWriteAsDuckDb()
    {
        assertEquals(LocalTime.of(12, 34, 56).toNanoOfDay() / 1000, CivilTime.parse("12:34:56"));
        assertEquals(LocalTime.of(1, 2).toNanoOfDay() / 1000, CivilTime.parse("1:02"));
        assertEquals(LocalTime.of(23, 59, 59, 999_999_000).toNanoOfDay() / 1000, CivilTime.parse("23:59:59.9999999"));
        for (String invalid : List.of("24:00:00", "12:60", "12:00:60", "12", "12:00:00.", "", "12:00:00 ", "x")) {
            assertEquals(CivilTime.INVALID, CivilTime.parse(invalid), invalid);
        }
        assertEquals("00:00:00", CivilTime.format(0));
        assertEquals("01:02:03.25", CivilTime.format(CivilTime.parse("01:02:03.250")));
        assertEquals("23:59:59.999999", CivilTime.format(CivilTime.MICROS_PER_DAY - 1));
    }

    @Test
    void intervalsWriteAsDuckDb()
    {
        assertEquals("1 year 2 months", Interval.formatMonths(14));
        assertEquals("-1 year -2 months", Interval.formatMonths(-14));
        assertEquals("1 month", Interval.formatMonths(1));
        assertEquals("2 years", Interval.formatMonths(24));
        assertEquals("00:00:00", Interval.formatMonths(0));
        long hour = 3_600_000_000L;
        long day = 24 * hour;
        assertEquals("60 days", Interval.formatMicros(60 * day));
        assertEquals("1 day", Interval.formatMicros(day));
        assertEquals("-1 day -01:00:00.5", Interval.formatMicros(-day - hour - 500_000));
        assertEquals("1 day 12:00:00", Interval.formatMicros(36 * hour));
        assertEquals("36:00:00", Interval.formatHours(36 * hour));
        assertEquals("-999:35:00", Interval.formatHours(-(999 * hour + 35 * 60_000_000L)));
        assertEquals("00:00:00.000001", Interval.formatHours(1));
        assertEquals("00:00:00", Interval.formatMicros(0));
        assertEquals("36:00:00", Interval.format(Type.INTERVAL_HOUR_TO_SECOND, 36 * hour));
        assertEquals("1 day 12:00:00", Interval.format(Type.INTERVAL_DAY_TIME, 36 * hour));
        assertEquals("-106751991 days -04:00:54.775808", Interval.formatMicros(Long.MIN_VALUE));
        assertEquals("-2562047788:00:54.775808", Interval.formatHours(Long.MIN_VALUE));
        assertEquals("-768614336404564650 years -8 months", Interval.formatMonths(Long.MIN_VALUE));
    }

    @Test
    void intervalsReadTheirText()
    {
        long hour = 3_600_000_000L;
        assertEquals(14, Interval.parseMonths("1 year 2 months"));
        assertEquals(-14, Interval.parseMonths("-1 year -2 mons"));
        assertEquals(Interval.INVALID, Interval.parseMonths("3 days"));
        assertEquals(3 * 24 * hour, Interval.parseMicros("3 days"));
        assertEquals(-(24 * hour + hour + 500_000), Interval.parseMicros("-1 day -01:00:00.5"));
        assertEquals(36 * hour, Interval.parseMicros("36:00:00"));
        assertEquals(7 * 24 * hour + 90 * 60_000_000L, Interval.parseMicros("1 week 90 minutes"));
        for (String invalid : List.of("", "3", "days", "3 fortnights", "1 year", "01:60:00", "1:2", "3 days 4")) {
            assertEquals(Interval.INVALID, Interval.parseMicros(invalid), invalid);
        }
        for (long micros : new long[] {0, 1, -1, 36 * hour, -25 * hour - 1, 123_456_789_012_345L}) {
            assertEquals(micros, Interval.parseMicros(Interval.formatMicros(micros)));
            assertEquals(micros, Interval.parseMicros(Interval.formatHours(micros)));
        }
    }

    @Test
    void zoneOffsetsMatchJavaTime()
    {
        for (String name : ZONES) {
            ZoneId zone = TimeZoneOffsets.zone(name);
            TimeZoneOffsets offsets = TimeZoneOffsets.of(zone);
            // every 7 hours 13 minutes from 1750 to 2250: both sides of every table's bounds and of each transition's hour
            long start = LocalDateTime.of(1750, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC);
            long end = LocalDateTime.of(2250, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC);
            for (long second = start; second < end; second += 7 * 3600 + 13 * 60) {
                long micros = second * 1_000_000L;
                Instant instant = Instant.ofEpochSecond(second);
                int expectedOffset = zone.getRules().getOffset(instant).getTotalSeconds();
                assertEquals(expectedOffset, offsets.offsetSeconds(micros), name + " at " + instant);
                assertEquals(micros + expectedOffset * 1_000_000L, offsets.toLocal(micros), name + " at " + instant);
                LocalDateTime local = LocalDateTime.ofEpochSecond(second, 0, ZoneOffset.UTC);
                long expectedInstant = ZonedDateTime.ofLocal(local, zone, null).toEpochSecond() * 1_000_000L;
                assertEquals(expectedInstant, offsets.toInstant(micros), name + " wall-clock " + local);
            }
        }
    }

    @Test
    void instantsWriteTheirOffsetAndReadOffsetsAndZoneNames()
    {
        TimeZoneOffsets berlin = TimeZoneOffsets.of(ZoneId.of("Europe/Berlin"));
        TimeZoneOffsets kolkata = TimeZoneOffsets.of(ZoneId.of("Asia/Kolkata"));
        long instant = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.parse("2024-01-02T09:00:00Z"));
        assertEquals("2024-01-02 10:00:00+01", ZonedTimestamp.format(instant, berlin));
        assertEquals("2024-01-02 14:30:00+05:30", ZonedTimestamp.format(instant, kolkata));
        assertEquals("2024-07-02 12:00:00.5+02", ZonedTimestamp.format(parse("2024-07-02 10:00:00.5Z", berlin), berlin));
        assertEquals(instant, parse("2024-01-02 10:00:00", berlin));
        assertEquals(instant, parse("2024-01-02 10:00:00+01", kolkata));
        assertEquals(instant, parse("2024-01-02 04:00:00-0500", kolkata));
        assertEquals(instant, parse("2024-01-02 04:00:00 America/New_York", berlin));
        assertEquals(instant, parse("2024-01-02T09:00:00 UTC", berlin));
        assertEquals(instant - 9 * 3_600_000_000L, parse("2024-01-02", TimeZoneOffsets.of(ZoneOffset.UTC)));
        for (String invalid : List.of("2024-01-02 10:00:00 Mars/Olympus", "2024-13-02", "2024-01-02 10:00:00+25", "x")) {
            assertEquals(ZonedTimestamp.INVALID, parse(invalid, berlin), invalid);
        }
        assertEquals("+00:53:28", text(53 * 60 + 28));
        assertEquals("-03:30", text(-(3 * 3600 + 30 * 60)));
    }

    private static long parse(String text, TimeZoneOffsets zone)
    {
        byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        return ZonedTimestamp.parse(bytes, 0, bytes.length, zone, new int[1]);
    }

    private static String text(int offsetSeconds)
    {
        byte[] target = new byte[16];
        return new String(target, 0, ZonedTimestamp.formatOffset(offsetSeconds, target, 0), java.nio.charset.StandardCharsets.US_ASCII);
    }
}
