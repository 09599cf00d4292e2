package io.signo.storage.type;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The text of INTERVAL values, as DuckDB and PostgreSQL write it: a year-month interval as
 * {@code '1 year 2 months'}, a day-time interval as {@code '3 days 04:05:06.5'} (whole days first,
 * then the rest as a time, each part with its own sign: {@code '-1 day -01:00:00'}), a zero interval as
 * {@code '00:00:00'}. A day-time interval is a number of microseconds, written with whole days
 * when its type has a day field ({@link Type#INTERVAL_DAY_TIME}: 36 hours is {@code '1 day 12:00:00'},
 * as DuckDB writes a difference of timestamps) and as hours when it has none
 * ({@link Type#INTERVAL_HOUR_TO_SECOND}: {@code '36:00:00'}, as DuckDB writes {@code INTERVAL '36' HOUR}).
 * DuckDB keeps days and microseconds apart in every interval, so where an interval has both from
 * arithmetic ({@code INTERVAL '1' DAY + INTERVAL '36' HOUR} is its {@code '1 day 36:00:00'})
 * Signo writes the same length of time with whole days ({@code '2 days 12:00:00'}). Writes without objects.
 */
public final class Interval
{
    /** The longest text {@link #formatMonths} or {@link #formatMicros} writes. */
    public static final int MAX_FORMATTED_LENGTH = 64;
    /** What the parse methods return for text that is not such an interval. */
    public static final long INVALID = Long.MIN_VALUE;

    private static final long MICROS_PER_SECOND = CivilTimestamp.MICROS_PER_SECOND;
    private static final long MICROS_PER_MINUTE = 60 * MICROS_PER_SECOND;
    private static final long MICROS_PER_HOUR = 60 * MICROS_PER_MINUTE;
    private static final long MICROS_PER_DAY = CivilTimestamp.MICROS_PER_DAY;

    private Interval() {}

    /** Writes an interval of {@code type} (a value of a year-month or a day-time interval); returns the end offset. */
    public static int format(Type type, long value, byte[] target, int offset)
    {
        if (type.kind() == TypeKind.INTERVAL_YEAR_MONTH) {
            return formatMonths(value, target, offset);
        }
        return type.precision() == 0 ? formatMicros(value, target, offset) : formatHours(value, target, offset);
    }

    public static String format(Type type, long value)
    {
        byte[] text = new byte[MAX_FORMATTED_LENGTH];
        return new String(text, 0, format(type, value, text, 0), StandardCharsets.US_ASCII);
    }

    /** Writes a number of microseconds as hours, however many, and the rest of a time ({@code '36:00:00'}, {@code '-01:30:00'}); returns the end offset. */
    public static int formatHours(long micros, byte[] target, int offset)
    {
        int position = offset;
        if (micros < 0) {
            target[position++] = '-';
        }
        // negative, so that Long.MIN_VALUE works
        long negative = micros > 0 ? -micros : micros;
        long hours = -(negative / MICROS_PER_HOUR);
        long rest = -(negative % MICROS_PER_HOUR);
        position = hours < 100 ? CivilDate.padded(target, position, (int) hours, 2) : writeLong(hours, target, position);
        return CivilTimestamp.formatMinutesAndSeconds(rest, target, position);
    }

    /** Writes a number of months as years and months ({@code '1 year 2 months'}); returns the end offset. */
    public static int formatMonths(long months, byte[] target, int offset)
    {
        long years = months / 12;
        long rest = months % 12;
        int position = offset;
        if (years != 0) {
            position = part(years, "year", target, position);
        }
        if (rest != 0) {
            if (position != offset) {
                target[position++] = ' ';
            }
            position = part(rest, "month", target, position);
        }
        return position == offset ? zero(target, offset) : position;
    }

    /** Writes a number of microseconds as days and a time ({@code '3 days 04:05:06.5'}); returns the end offset. */
    public static int formatMicros(long micros, byte[] target, int offset)
    {
        long days = micros / MICROS_PER_DAY;
        long rest = micros % MICROS_PER_DAY;
        int position = offset;
        if (days != 0) {
            position = part(days, "day", target, position);
        }
        if (rest != 0) {
            if (position != offset) {
                target[position++] = ' ';
            }
            if (rest < 0) {
                target[position++] = '-';
                rest = -rest;
            }
            position = CivilTimestamp.formatTimeOfDay(rest, target, position);
        }
        return position == offset ? zero(target, offset) : position;
    }

    public static String formatMonths(long months)
    {
        byte[] text = new byte[MAX_FORMATTED_LENGTH];
        return new String(text, 0, formatMonths(months, text, 0), StandardCharsets.US_ASCII);
    }

    public static String formatHours(long micros)
    {
        byte[] text = new byte[MAX_FORMATTED_LENGTH];
        return new String(text, 0, formatHours(micros, text, 0), StandardCharsets.US_ASCII);
    }

    public static String formatMicros(long micros)
    {
        byte[] text = new byte[MAX_FORMATTED_LENGTH];
        return new String(text, 0, formatMicros(micros, text, 0), StandardCharsets.US_ASCII);
    }

    private static int zero(byte[] target, int offset)
    {
        return CivilTimestamp.formatTimeOfDay(0, target, offset);
    }

    /** {@code '<count> <unit>'}, the unit plural unless the count is 1 or -1. */
    private static int part(long count, String unit, byte[] target, int offset)
    {
        int position = writeLong(count, target, offset);
        target[position++] = ' ';
        for (int i = 0; i < unit.length(); i++) {
            target[position++] = (byte) unit.charAt(i);
        }
        if (count != 1 && count != -1) {
            target[position++] = 's';
        }
        return position;
    }

    private static int writeLong(long value, byte[] target, int offset)
    {
        int position = offset;
        if (value < 0) {
            target[position++] = '-';
        }
        // negative, so that Long.MIN_VALUE works
        long remaining = value > 0 ? -value : value;
        int digits = 1;
        for (long rest = remaining / 10; rest != 0; rest /= 10) {
            digits++;
        }
        for (int i = digits - 1; i >= 0; i--) {
            target[position + i] = (byte) ('0' - remaining % 10);
            remaining /= 10;
        }
        return position + digits;
    }

    /**
     * The months of a year-month interval's text, {@code '1 year 2 months'} (units {@code year},
     * {@code month} and their plurals and abbreviations {@code y}, {@code yr}, {@code mon}, each count
     * with its own sign), or {@link #INVALID}.
     */
    public static long parseMonths(String text)
    {
        return parse(text, true);
    }

    /**
     * The microseconds of a day-time interval's text, {@code '3 days 04:05:06.5'} (counts of
     * {@code week}, {@code day}, {@code hour}, {@code minute}, {@code second}, {@code millisecond} and
     * {@code microsecond}, their plurals and abbreviations, then an optional signed {@code HH:MM[:SS[.fraction]]}),
     * or {@link #INVALID}.
     */
    public static long parseMicros(String text)
    {
        return parse(text, false);
    }

    private static long parse(String text, boolean months)
    {
        String[] words = text.strip().toLowerCase(Locale.ROOT).split("\\s+");
        if (words.length == 0 || words[0].isEmpty()) {
            return INVALID;
        }
        long total = 0;
        try {
            int i = 0;
            while (i < words.length) {
                String word = words[i];
                if (!months && word.indexOf(':') >= 0 && i == words.length - 1) {
                    total = Math.addExact(total, time(word));
                    i++;
                    continue;
                }
                if (i + 1 >= words.length) {
                    return INVALID;
                }
                long count = Long.parseLong(word.startsWith("+") ? word.substring(1) : word);
                long unit = months ? monthUnit(words[i + 1]) : microUnit(words[i + 1]);
                if (unit == 0) {
                    return INVALID;
                }
                total = Math.addExact(total, Math.multiplyExact(count, unit));
                i += 2;
            }
        }
        catch (NumberFormatException | ArithmeticException e) {
            return INVALID;
        }
        return total;
    }

    private static long time(String word)
    {
        boolean negative = word.startsWith("-");
        String unsigned = negative || word.startsWith("+") ? word.substring(1) : word;
        String[] fields = unsigned.split(":", -1);
        if (fields.length < 2 || fields.length > 3) {
            throw new NumberFormatException(word);
        }
        long hours = Long.parseLong(fields[0]);
        long minutes = Long.parseLong(fields[1]);
        long micros = 0;
        if (fields.length == 3) {
            String[] second = fields[2].split("\\.", -1);
            if (second.length > 2 || second[0].length() != 2) {
                throw new NumberFormatException(word);
            }
            micros = Long.parseLong(second[0]) * MICROS_PER_SECOND;
            if (second.length == 2) {
                String digits = (second[1] + "000000").substring(0, 6);
                if (second[1].isEmpty()) {
                    throw new NumberFormatException(word);
                }
                micros += Long.parseLong(digits);
            }
        }
        if (hours < 0 || minutes < 0 || minutes > 59 || micros >= 60 * MICROS_PER_SECOND || fields[1].length() != 2) {
            throw new NumberFormatException(word);
        }
        long value = Math.addExact(Math.multiplyExact(hours, MICROS_PER_HOUR), minutes * MICROS_PER_MINUTE + micros);
        return negative ? -value : value;
    }

    private static long monthUnit(String unit)
    {
        return switch (unit) {
            case "year", "years", "y", "yr", "yrs" -> 12;
            case "month", "months", "mon", "mons" -> 1;
            default -> 0;
        };
    }

    private static long microUnit(String unit)
    {
        return switch (unit) {
            case "week", "weeks", "w" -> 7 * MICROS_PER_DAY;
            case "day", "days", "d" -> MICROS_PER_DAY;
            case "hour", "hours", "h", "hr", "hrs" -> MICROS_PER_HOUR;
            case "minute", "minutes", "m", "min", "mins" -> MICROS_PER_MINUTE;
            case "second", "seconds", "s", "sec", "secs" -> MICROS_PER_SECOND;
            case "millisecond", "milliseconds", "ms", "msec", "msecs" -> 1000;
            case "microsecond", "microseconds", "us", "usec", "usecs" -> 1;
            default -> 0;
        };
    }
}
