package io.signo.storage.type;

import java.nio.charset.StandardCharsets;

/**
 * Proleptic Gregorian calendar arithmetic on days since 1970-01-01, without objects (the
 * algorithms of Howard Hinnant's "chrono-compatible low-level date algorithms"). A date's fields
 * travel packed in one long: {@code year << 9 | month << 5 | day} (a DATE's years, about 5.9 million
 * either side of year 0, do not fit in an int's 23 bits above the month and day). Year 0 is 1 BC, as in ISO 8601.
 */
public final class CivilDate
{
    /** The longest text {@link #format} writes: a seven-digit year, its era and the month and day. */
    public static final int MAX_FORMATTED_LENGTH = 7 + 5 + 6;

    private static final byte[] BEFORE_CHRIST = {' ', '(', 'B', 'C', ')'};

    private CivilDate() {}

    public static long pack(int days)
    {
        long z = days + 719468L;
        long era = (z >= 0 ? z : z - 146096) / 146097;
        long dayOfEra = z - era * 146097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
        long year = yearOfEra + era * 400;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long shiftedMonth = (5 * dayOfYear + 2) / 153;
        int day = (int) (dayOfYear - (153 * shiftedMonth + 2) / 5 + 1);
        int month = (int) (shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9);
        if (month <= 2) {
            year++;
        }
        return (year << 9) | (month << 5) | day;
    }

    public static int year(long packed)
    {
        return (int) (packed >> 9);
    }

    public static int month(long packed)
    {
        return (int) (packed >> 5) & 15;
    }

    public static int day(long packed)
    {
        return (int) packed & 31;
    }

    public static long toDays(long year, int month, int day)
    {
        year -= month <= 2 ? 1 : 0;
        long era = (year >= 0 ? year : year - 399) / 400;
        long yearOfEra = year - era * 400;
        long dayOfYear = (153L * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146097 + dayOfEra - 719468;
    }

    public static boolean isLeapYear(long year)
    {
        return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    public static int daysInMonth(long year, int month)
    {
        return switch (month) {
            case 2 -> isLeapYear(year) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** Days since epoch plus {@code months}, the day clamped to the end of the target month. */
    public static long addMonths(int days, long months)
    {
        long packed = pack(days);
        long monthIndex = year(packed) * 12L + (month(packed) - 1) + months;
        long year = Math.floorDiv(monthIndex, 12);
        int month = (int) Math.floorMod(monthIndex, 12) + 1;
        int day = Math.min(day(packed), daysInMonth(year, month));
        return toDays(year, month, day);
    }

    /** Monday = 1 .. Sunday = 7 (ISO 8601). */
    public static int isoDayOfWeek(long days)
    {
        // 1970-01-01 was a Thursday
        return (int) Math.floorMod(days + 3, 7) + 1;
    }

    /** The year of the ISO 8601 week the day falls in: the year of that week's Thursday. */
    public static int isoYear(long days)
    {
        return year(pack((int) (days - isoDayOfWeek(days) + 4)));
    }

    /** The ISO 8601 week of the year, 1 to 53: weeks start on Monday, and week 1 holds the year's first Thursday. */
    public static int isoWeek(long days)
    {
        long thursday = days - isoDayOfWeek(days) + 4;
        long yearStart = toDays(year(pack((int) thursday)), 1, 1);
        return (int) ((thursday - yearStart) / 7 + 1);
    }

    /**
     * Writes the date as DuckDB and PostgreSQL print it into {@code target} from {@code offset} and
     * returns the end offset: {@code YYYY-MM-DD}, a year past 9999 with all its digits
     * ({@code 10233-09-21}), and a year before 1 as the year before Christ it is, marked
     * ({@code 0001-12-31 (BC)} for year 0).
     */
    public static int format(int days, byte[] target, int offset)
    {
        long packed = pack(days);
        int year = year(packed);
        int shownYear = year <= 0 ? 1 - year : year;
        int position = padded(target, offset, shownYear, shownYear > 9999 ? Integer.toString(shownYear).length() : 4);
        target[position++] = '-';
        position = padded(target, position, month(packed), 2);
        target[position++] = '-';
        position = padded(target, position, day(packed), 2);
        if (year <= 0) {
            System.arraycopy(BEFORE_CHRIST, 0, target, position, BEFORE_CHRIST.length);
            position += BEFORE_CHRIST.length;
        }
        return position;
    }

    /** {@link #format(int, byte[], int)} as a String. */
    public static String format(int days)
    {
        byte[] text = new byte[MAX_FORMATTED_LENGTH];
        int length = format(days, text, 0);
        return new String(text, 0, length, StandardCharsets.US_ASCII);
    }

    static int padded(byte[] target, int offset, int value, int width)
    {
        for (int i = width - 1; i >= 0; i--) {
            target[offset + i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        return offset + width;
    }
}
