package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.ZonedTimestamp;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * A STRFTIME / STRPTIME format parsed once, with DuckDB's specifiers: {@code %Y} year, {@code %y}
 * year of the century, {@code %G} ISO year, {@code %m} month, {@code %b}/{@code %h} and {@code %B}
 * its abbreviated and full English name, {@code %d} day, {@code %j} day of the year, {@code %a} and
 * {@code %A} the weekday's names, {@code %w} weekday (0 = Sunday), {@code %u} ISO weekday (7 =
 * Sunday), {@code %U}, {@code %W} and {@code %V} weeks of the year (Sunday first, Monday first, ISO),
 * {@code %H} hour, {@code %I} hour of 12 with {@code %p} AM/PM, {@code %M} minute, {@code %S} second,
 * {@code %f}, {@code %g} and {@code %n} the fraction of the second in micro-, milli- and nanoseconds,
 * {@code %z} the offset from UTC ({@code +02}), {@code %Z} the time zone's name, {@code %c},
 * {@code %x} and {@code %X}/{@code %T} for {@code %Y-%m-%d %H:%M:%S}, {@code %Y-%m-%d} and
 * {@code %H:%M:%S}, and {@code %%}. A {@code -} after the {@code %} writes a number without its
 * leading zeros ({@code %-d}). Parsing reads a number of up to the specifier's digits, names in any
 * case, and any run of spaces (none included) for a space of the format; the fields a timestamp does
 * not need (weekdays, weeks) are read and ignored. Serialized as its pattern, parsed again on read.
 */
public final class DateTimeFormat
        implements Serializable
{
    private static final String[] DAY_NAMES = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
    private static final String[] MONTH_NAMES = {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"};
    private static final long MICROS_PER_SECOND = CivilTimestamp.MICROS_PER_SECOND;
    private static final long MICROS_PER_DAY = CivilTimestamp.MICROS_PER_DAY;
    /** The longest zone name {@code %Z} writes in full. */
    static final int MAX_ZONE_NAME = 64;

    enum Specifier
    {
        YEAR('Y', 4), YEAR_OF_CENTURY('y', 2), ISO_YEAR('G', 4), MONTH('m', 2), MONTH_ABBREVIATION('b', 3), MONTH_NAME('B', 9), DAY('d', 2),
        DAY_OF_YEAR('j', 3), WEEKDAY_ABBREVIATION('a', 3), WEEKDAY_NAME('A', 9), WEEKDAY('w', 1), ISO_WEEKDAY('u', 1), WEEK_SUNDAY_FIRST('U', 2),
        WEEK_MONDAY_FIRST('W', 2), ISO_WEEK('V', 2), HOUR('H', 2), HOUR_OF_12('I', 2), AM_PM('p', 2), MINUTE('M', 2), SECOND('S', 2),
        MICROSECONDS('f', 6), MILLISECONDS('g', 3), NANOSECONDS('n', 9), OFFSET('z', 9), ZONE_NAME('Z', MAX_ZONE_NAME);

        private final char letter;
        /** Digits (or characters) the specifier writes at most, and digits it reads at most. */
        private final int width;

        Specifier(char letter, int width)
        {
            this.letter = letter;
            this.width = width;
        }
    }

    private final String pattern;
    /** One entry per part: a specifier, or null for literal text. */
    private final Specifier[] specifiers;
    /** Whether each specifier drops its leading zeros ({@code %-d}). */
    private final boolean[] unpadded;
    /** The literal text of the parts that are not specifiers. */
    private final byte[][] literals;
    private final int maxLength;

    private DateTimeFormat(String pattern, List<Specifier> specifiers, List<Boolean> unpadded, List<byte[]> literals)
    {
        this.pattern = pattern;
        this.specifiers = specifiers.toArray(new Specifier[0]);
        this.unpadded = new boolean[unpadded.size()];
        for (int i = 0; i < this.unpadded.length; i++) {
            this.unpadded[i] = unpadded.get(i);
        }
        this.literals = literals.toArray(new byte[0][]);
        int length = 0;
        for (int i = 0; i < this.specifiers.length; i++) {
            // a year past 9999 writes more digits than its width
            length += this.specifiers[i] == null ? this.literals[i].length : this.specifiers[i].width + 8;
        }
        this.maxLength = length;
    }

    /** The format of a pattern; an unknown specifier is an INVALID_ARGUMENT error naming it. */
    public static DateTimeFormat of(String pattern)
    {
        List<Specifier> specifiers = new ArrayList<>();
        List<Boolean> unpadded = new ArrayList<>();
        List<byte[]> literals = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c != '%') {
                literal.append(c);
                i++;
                continue;
            }
            boolean noPadding = i + 1 < pattern.length() && pattern.charAt(i + 1) == '-';
            int letterAt = i + (noPadding ? 2 : 1);
            if (letterAt >= pattern.length()) {
                throw invalidFormat(pattern, "it ends with an incomplete specifier '" + pattern.substring(i) + "'");
            }
            char letter = pattern.charAt(letterAt);
            i = letterAt + 1;
            String expansion = switch (letter) {
                case 'c' -> "%Y-%m-%d %H:%M:%S";
                case 'x' -> "%Y-%m-%d";
                case 'X', 'T' -> "%H:%M:%S";
                default -> null;
            };
            if (letter == '%') {
                literal.append('%');
                continue;
            }
            if (expansion != null) {
                DateTimeFormat expanded = of(expansion);
                for (int part = 0; part < expanded.specifiers.length; part++) {
                    flush(literal, specifiers, unpadded, literals);
                    if (expanded.specifiers[part] == null) {
                        literal.append(new String(expanded.literals[part], StandardCharsets.UTF_8));
                    }
                    else {
                        specifiers.add(expanded.specifiers[part]);
                        unpadded.add(false);
                        literals.add(null);
                    }
                }
                continue;
            }
            Specifier specifier = specifier(letter == 'h' ? 'b' : letter);
            if (specifier == null) {
                throw invalidFormat(pattern, "unknown specifier %" + (noPadding ? "-" : "") + letter
                        + " (known: %a %A %b %B %c %d %f %g %G %h %H %I %j %m %M %n %p %S %T %u %U %V %w %W %x %X %y %Y %z %Z %%)");
            }
            flush(literal, specifiers, unpadded, literals);
            specifiers.add(specifier);
            unpadded.add(noPadding);
            literals.add(null);
        }
        flush(literal, specifiers, unpadded, literals);
        return new DateTimeFormat(pattern, specifiers, unpadded, literals);
    }

    private static void flush(StringBuilder literal, List<Specifier> specifiers, List<Boolean> unpadded, List<byte[]> literals)
    {
        if (!literal.isEmpty()) {
            specifiers.add(null);
            unpadded.add(false);
            literals.add(literal.toString().getBytes(StandardCharsets.UTF_8));
            literal.setLength(0);
        }
    }

    private static Specifier specifier(char letter)
    {
        for (Specifier specifier : Specifier.values()) {
            if (specifier.letter == letter) {
                return specifier;
            }
        }
        return null;
    }

    private static SignoException invalidFormat(String pattern, String why)
    {
        return new SignoException(ErrorCode.INVALID_ARGUMENT, "invalid date format '" + pattern + "': " + why);
    }

    public String pattern()
    {
        return pattern;
    }

    /** Whether the format reads an offset or a zone ({@code %z}, {@code %Z}): then STRPTIME yields an instant, a TIMESTAMP WITH TIME ZONE. */
    public boolean readsZone()
    {
        for (Specifier specifier : specifiers) {
            if (specifier == Specifier.OFFSET || specifier == Specifier.ZONE_NAME) {
                return true;
            }
        }
        return false;
    }

    /** The most bytes {@link #format} writes. */
    int maxLength()
    {
        return maxLength;
    }

    /**
     * Writes the wall-clock time {@code local} (microseconds since 1970-01-01) as the format says into
     * {@code target}; returns the length.
     *
     * @param offsetSeconds the offset from UTC {@code %z} writes
     * @param zoneName the bytes {@code %Z} writes (empty for a time without a zone)
     */
    int format(long local, int offsetSeconds, byte[] zoneName, byte[] target)
    {
        int days = CivilTimestamp.days(local);
        long ofDay = CivilTimestamp.microsOfDay(local);
        long packed = CivilDate.pack(days);
        int year = CivilDate.year(packed);
        int month = CivilDate.month(packed);
        int dayOfWeek = Math.floorMod(days + 4, 7);
        int dayOfYear = (int) (days - CivilDate.toDays(year, 1, 1));
        long seconds = ofDay / MICROS_PER_SECOND;
        int hour = (int) (seconds / 3600);
        int position = 0;
        for (int part = 0; part < specifiers.length; part++) {
            Specifier specifier = specifiers[part];
            if (specifier == null) {
                byte[] literal = literals[part];
                System.arraycopy(literal, 0, target, position, literal.length);
                position += literal.length;
                continue;
            }
            boolean pad = !unpadded[part];
            position = switch (specifier) {
                case YEAR -> year >= 0 && year <= 9999 ? number(target, position, year, pad ? 4 : 1) : signed(target, position, year);
                case YEAR_OF_CENTURY -> number(target, position, Math.floorMod(year, 100), pad ? 2 : 1);
                case ISO_YEAR -> number(target, position, CivilDate.isoYear(days), pad ? 4 : 1);
                case MONTH -> number(target, position, month, pad ? 2 : 1);
                case MONTH_ABBREVIATION -> ascii(target, position, MONTH_NAMES[month - 1], 3);
                case MONTH_NAME -> ascii(target, position, MONTH_NAMES[month - 1], Integer.MAX_VALUE);
                case DAY -> number(target, position, CivilDate.day(packed), pad ? 2 : 1);
                case DAY_OF_YEAR -> number(target, position, dayOfYear + 1, pad ? 3 : 1);
                case WEEKDAY_ABBREVIATION -> ascii(target, position, DAY_NAMES[dayOfWeek], 3);
                case WEEKDAY_NAME -> ascii(target, position, DAY_NAMES[dayOfWeek], Integer.MAX_VALUE);
                case WEEKDAY -> number(target, position, dayOfWeek, 1);
                case ISO_WEEKDAY -> number(target, position, CivilDate.isoDayOfWeek(days), 1);
                case WEEK_SUNDAY_FIRST -> number(target, position, (dayOfYear + 7 - dayOfWeek) / 7, pad ? 2 : 1);
                case WEEK_MONDAY_FIRST -> number(target, position, (dayOfYear + 7 - (dayOfWeek + 6) % 7) / 7, pad ? 2 : 1);
                case ISO_WEEK -> number(target, position, CivilDate.isoWeek(days), pad ? 2 : 1);
                case HOUR -> number(target, position, hour, pad ? 2 : 1);
                case HOUR_OF_12 -> number(target, position, hour % 12 == 0 ? 12 : hour % 12, pad ? 2 : 1);
                case AM_PM -> ascii(target, position, hour < 12 ? "AM" : "PM", 2);
                case MINUTE -> number(target, position, (int) (seconds / 60 % 60), pad ? 2 : 1);
                case SECOND -> number(target, position, (int) (seconds % 60), pad ? 2 : 1);
                case MICROSECONDS -> number(target, position, (int) (ofDay % MICROS_PER_SECOND), 6);
                case MILLISECONDS -> number(target, position, (int) (ofDay % MICROS_PER_SECOND / 1000), 3);
                case NANOSECONDS -> number(target, number(target, position, (int) (ofDay % MICROS_PER_SECOND), 6), 0, 3);
                case OFFSET -> ZonedTimestamp.formatOffset(offsetSeconds, target, position);
                case ZONE_NAME -> {
                    int length = Math.min(zoneName.length, MAX_ZONE_NAME);
                    System.arraycopy(zoneName, 0, target, position, length);
                    yield position + length;
                }
            };
        }
        return position;
    }

    private static int number(byte[] target, int position, int value, int minDigits)
    {
        int digits = 1;
        for (int rest = value / 10; rest != 0; rest /= 10) {
            digits++;
        }
        digits = Math.max(digits, minDigits);
        for (int i = digits - 1; i >= 0; i--) {
            target[position + i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        return position + digits;
    }

    private static int signed(byte[] target, int position, int value)
    {
        if (value < 0) {
            target[position++] = '-';
            value = -value;
        }
        return number(target, position, value, 4);
    }

    private static int ascii(byte[] target, int position, String text, int maxLength)
    {
        int length = Math.min(text.length(), maxLength);
        for (int i = 0; i < length; i++) {
            target[position + i] = (byte) text.charAt(i);
        }
        return position + length;
    }

    /** The fields read from one text, reused from value to value. */
    static final class Parsed
    {
        long year;
        int month;
        int day;
        int dayOfYear;
        int hour;
        int minute;
        int second;
        long micros;
        boolean hourOf12;
        boolean afternoon;
        /** The offset read by {@code %z}, or {@link CivilTimestamp#NO_OFFSET}. */
        int offsetSeconds;
        /** The zone read by {@code %Z}, or null. */
        ZoneId zone;
        /** Why the text did not match, for the error. */
        String problem;

        void reset()
        {
            year = 1900;
            month = 1;
            day = 1;
            dayOfYear = -1;
            hour = 0;
            minute = 0;
            second = 0;
            micros = 0;
            hourOf12 = false;
            afternoon = false;
            offsetSeconds = CivilTimestamp.NO_OFFSET;
            zone = null;
            problem = null;
        }
    }

    /**
     * The timestamp of {@code text[from, to)} read as the format says: microseconds since 1970-01-01,
     * a wall-clock time, or an instant when the text has an offset or a zone; an INVALID_ARGUMENT
     * error naming the text and the format when it does not match.
     */
    long parse(byte[] text, int from, int to, Parsed parsed)
    {
        parsed.reset();
        int position = skipSpaces(text, from, to);
        for (int part = 0; part < specifiers.length && parsed.problem == null; part++) {
            Specifier specifier = specifiers[part];
            if (specifier == null) {
                position = matchLiteral(literals[part], text, position, to, parsed);
                continue;
            }
            position = switch (specifier) {
                case YEAR -> read(text, position, to, 4, parsed, Specifier.YEAR);
                case YEAR_OF_CENTURY -> read(text, position, to, 2, parsed, Specifier.YEAR_OF_CENTURY);
                case MONTH -> read(text, position, to, 2, parsed, Specifier.MONTH);
                case DAY -> read(text, position, to, 2, parsed, Specifier.DAY);
                case DAY_OF_YEAR -> read(text, position, to, 3, parsed, Specifier.DAY_OF_YEAR);
                case HOUR, HOUR_OF_12 -> read(text, position, to, 2, parsed, specifier);
                case MINUTE -> read(text, position, to, 2, parsed, Specifier.MINUTE);
                case SECOND -> read(text, position, to, 2, parsed, Specifier.SECOND);
                case MICROSECONDS, MILLISECONDS, NANOSECONDS -> readFraction(text, position, to, specifier.width, parsed);
                case ISO_YEAR, WEEKDAY, ISO_WEEKDAY, WEEK_SUNDAY_FIRST, WEEK_MONDAY_FIRST, ISO_WEEK -> read(text, position, to, specifier.width, parsed, null);
                case MONTH_ABBREVIATION, MONTH_NAME -> readName(text, position, to, MONTH_NAMES, specifier == Specifier.MONTH_ABBREVIATION, parsed, true);
                case WEEKDAY_ABBREVIATION, WEEKDAY_NAME -> readName(text, position, to, DAY_NAMES, specifier == Specifier.WEEKDAY_ABBREVIATION, parsed, false);
                case AM_PM -> readAmPm(text, position, to, parsed);
                case OFFSET -> readOffset(text, position, to, parsed);
                case ZONE_NAME -> readZone(text, position, to, parsed);
            };
        }
        if (parsed.problem == null && skipSpaces(text, position, to) != to) {
            parsed.problem = "trailing characters";
        }
        if (parsed.problem == null) {
            check(parsed);
        }
        if (parsed.problem != null) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "Could not parse string \"" + new String(text, from, to - from, StandardCharsets.UTF_8)
                    + "\" according to format specifier \"" + pattern + "\": " + parsed.problem);
        }
        int hour = parsed.hour;
        if (parsed.hourOf12) {
            hour = hour % 12 + (parsed.afternoon ? 12 : 0);
        }
        long days = parsed.dayOfYear > 0 ? CivilDate.toDays(parsed.year, 1, 1) + parsed.dayOfYear - 1 : CivilDate.toDays(parsed.year, parsed.month, parsed.day);
        long local = days * MICROS_PER_DAY + ((hour * 60L + parsed.minute) * 60 + parsed.second) * MICROS_PER_SECOND + parsed.micros;
        if (parsed.offsetSeconds != CivilTimestamp.NO_OFFSET) {
            return local - parsed.offsetSeconds * MICROS_PER_SECOND;
        }
        if (parsed.zone != null) {
            return TimeZoneOffsets.of(parsed.zone).toInstant(local);
        }
        return local;
    }

    private static void check(Parsed parsed)
    {
        if (parsed.month < 1 || parsed.month > 12) {
            parsed.problem = "month out of range, expected a value between 1 and 12";
        }
        else if (parsed.day < 1 || parsed.day > CivilDate.daysInMonth(parsed.year, parsed.month)) {
            parsed.problem = "day out of range: " + parsed.year + "-" + parsed.month + " has " + CivilDate.daysInMonth(parsed.year, parsed.month) + " days";
        }
        else if (parsed.dayOfYear == 0 || parsed.dayOfYear > (CivilDate.isLeapYear(parsed.year) ? 366 : 365)) {
            parsed.problem = "day of the year out of range";
        }
        else if (parsed.hourOf12 ? parsed.hour < 1 || parsed.hour > 12 : parsed.hour > 23) {
            parsed.problem = parsed.hourOf12 ? "hour out of range, expected a value between 1 and 12" : "hour out of range, expected a value between 0 and 23";
        }
        else if (parsed.minute > 59) {
            parsed.problem = "minute out of range, expected a value between 0 and 59";
        }
        else if (parsed.second > 59) {
            parsed.problem = "second out of range, expected a value between 0 and 59";
        }
    }

    private static int skipSpaces(byte[] text, int position, int to)
    {
        while (position < to && isSpace(text[position])) {
            position++;
        }
        return position;
    }

    private static boolean isSpace(byte b)
    {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r';
    }

    private static int matchLiteral(byte[] literal, byte[] text, int position, int to, Parsed parsed)
    {
        for (byte expected : literal) {
            if (isSpace(expected)) {
                position = skipSpaces(text, position, to);
            }
            else if (position < to && text[position] == expected) {
                position++;
            }
            else {
                parsed.problem = "expected '" + (char) expected + "' at position " + position;
                return position;
            }
        }
        return position;
    }

    private static int read(byte[] text, int position, int to, int maxDigits, Parsed parsed, Specifier field)
    {
        int start = position;
        long value = 0;
        while (position < to && position - start < maxDigits && text[position] >= '0' && text[position] <= '9') {
            value = value * 10 + text[position] - '0';
            position++;
        }
        if (position == start) {
            parsed.problem = "expected a number at position " + start;
            return position;
        }
        if (field == null) {
            return position;
        }
        switch (field) {
            case YEAR -> parsed.year = value;
            // as POSIX reads it: 69 to 99 are 1969 to 1999, 00 to 68 are 2000 to 2068
            case YEAR_OF_CENTURY -> parsed.year = value + (value >= 69 ? 1900 : 2000);
            case MONTH -> parsed.month = (int) value;
            case DAY -> parsed.day = (int) value;
            case DAY_OF_YEAR -> parsed.dayOfYear = (int) value;
            case HOUR -> parsed.hour = (int) value;
            case HOUR_OF_12 -> {
                parsed.hour = (int) value;
                parsed.hourOf12 = true;
            }
            case MINUTE -> parsed.minute = (int) value;
            case SECOND -> parsed.second = (int) value;
            default -> throw new IllegalStateException("not a number field: " + field);
        }
        return position;
    }

    /** Up to {@code maxDigits} digits of a fraction of a second (at least one), kept to the microsecond. */
    private static int readFraction(byte[] text, int position, int to, int maxDigits, Parsed parsed)
    {
        int start = position;
        long micros = 0;
        while (position < to && position - start < maxDigits && text[position] >= '0' && text[position] <= '9') {
            if (position - start < 6) {
                micros = micros * 10 + text[position] - '0';
            }
            position++;
        }
        if (position == start) {
            parsed.problem = "expected a fraction of a second at position " + start;
            return position;
        }
        for (int digits = Math.min(position - start, 6); digits < 6; digits++) {
            micros *= 10;
        }
        parsed.micros = micros;
        return position;
    }

    private static int readName(byte[] text, int position, int to, String[] names, boolean abbreviated, Parsed parsed, boolean month)
    {
        for (int index = 0; index < names.length; index++) {
            String name = abbreviated ? names[index].substring(0, 3) : names[index];
            if (matchesIgnoringCase(text, position, to, name)) {
                if (month) {
                    parsed.month = index + 1;
                }
                return position + name.length();
            }
        }
        parsed.problem = "expected " + (abbreviated ? "an abbreviated " : "a ") + (month ? "month" : "weekday") + " name at position " + position;
        return position;
    }

    private static int readAmPm(byte[] text, int position, int to, Parsed parsed)
    {
        if (matchesIgnoringCase(text, position, to, "AM")) {
            return position + 2;
        }
        if (matchesIgnoringCase(text, position, to, "PM")) {
            parsed.afternoon = true;
            return position + 2;
        }
        parsed.problem = "expected AM or PM at position " + position;
        return position;
    }

    private static int readOffset(byte[] text, int position, int to, Parsed parsed)
    {
        int end = position;
        while (end < to && (text[end] == '+' || text[end] == '-' || text[end] == ':' || text[end] == 'Z' || text[end] >= '0' && text[end] <= '9')) {
            end++;
        }
        int offset = CivilTimestamp.parseOffset(text, position, end);
        if (end == position || offset == CivilTimestamp.INVALID_OFFSET) {
            parsed.problem = "expected an offset from UTC such as +02 or -05:30 at position " + position;
            return position;
        }
        parsed.offsetSeconds = offset;
        return end;
    }

    private static int readZone(byte[] text, int position, int to, Parsed parsed)
    {
        int end = position;
        while (end < to && !isSpace(text[end])) {
            end++;
        }
        ZoneId zone = end == position ? null : TimeZoneOffsets.zone(new String(text, position, end - position, StandardCharsets.UTF_8));
        if (zone == null) {
            parsed.problem = "expected a time zone name at position " + position;
            return position;
        }
        parsed.zone = zone;
        return end;
    }

    private static boolean matchesIgnoringCase(byte[] text, int position, int to, String expected)
    {
        if (to - position < expected.length()) {
            return false;
        }
        for (int i = 0; i < expected.length(); i++) {
            if (Character.toLowerCase((char) text[position + i]) != Character.toLowerCase(expected.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString()
    {
        return "'" + pattern + "'";
    }

    @Serial
    private Object writeReplace()
    {
        return new SerializedForm(pattern);
    }

    @Serial
    private void readObject(ObjectInputStream in)
            throws InvalidObjectException
    {
        throw new InvalidObjectException("a date format is read through its serialized form");
    }

    private record SerializedForm(String pattern)
            implements Serializable
    {
        @Serial
        private Object readResolve()
        {
            return DateTimeFormat.of(pattern);
        }
    }
}
