package io.signo.storage.type;

/**
 * Proleptic Gregorian calendar arithmetic on days since 1970-01-01, without objects (the
 * algorithms of Howard Hinnant's "chrono-compatible low-level date algorithms"). A date's fields
 * travel packed in one int: {@code year << 9 | month << 5 | day}.
 */
public final class CivilDate
{
    private CivilDate() {}

    public static int pack(int days)
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
        return ((int) year << 9) | (month << 5) | day;
    }

    public static int year(int packed)
    {
        return packed >> 9;
    }

    public static int month(int packed)
    {
        return (packed >> 5) & 15;
    }

    public static int day(int packed)
    {
        return packed & 31;
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
        int packed = pack(days);
        long monthIndex = year(packed) * 12L + (month(packed) - 1) + months;
        long year = Math.floorDiv(monthIndex, 12);
        int month = (int) Math.floorMod(monthIndex, 12) + 1;
        int day = Math.min(day(packed), daysInMonth(year, month));
        return toDays(year, month, day);
    }
}
