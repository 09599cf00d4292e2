package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The parts of a DATE or a TIMESTAMP that EXTRACT and DATE_PART read, DATE_TRUNC truncates to and
 * DATE_DIFF counts, as DuckDB defines them. DAY_OF_WEEK counts as PostgreSQL and DuckDB do: 0 = Sunday
 * .. 6 = Saturday; ISO_DAY_OF_WEEK 1 = Monday .. 7 = Sunday. WEEK is the ISO 8601 week and ISO_YEAR
 * its year; YEAR_WEEK is {@code ISO_YEAR * 100 + WEEK}. SECOND is the whole seconds, MILLISECOND and
 * MICROSECOND the seconds of the minute in those units (12.345678 s: 12, 12345, 12345678). DECADE is
 * the year / 10; CENTURY and MILLENNIUM count from year 1 (2000 is in the 20th century, 2001 in the
 * 21st), and backwards before it. EPOCH is the seconds since 1970-01-01 as a DOUBLE. A DATE's time
 * fields are 0.
 */
public enum DateField
{
    MILLENNIUM("millennium", "millennia", "millenium"),
    CENTURY("century", "centuries"),
    DECADE("decade", "decades"),
    YEAR("year", "years", "yr", "yrs", "y"),
    ISO_YEAR("isoyear"),
    QUARTER("quarter", "quarters"),
    MONTH("month", "months", "mon", "mons"),
    WEEK("week", "weeks", "w", "weekofyear"),
    YEAR_WEEK("yearweek"),
    DAY("day", "days", "d", "dayofmonth"),
    DAY_OF_WEEK("dow", "dayofweek", "weekday"),
    ISO_DAY_OF_WEEK("isodow"),
    DAY_OF_YEAR("doy", "dayofyear"),
    HOUR("hour", "hours", "h", "hr", "hrs"),
    MINUTE("minute", "minutes", "m", "min", "mins"),
    SECOND("second", "seconds", "s", "sec", "secs"),
    MILLISECOND("millisecond", "milliseconds", "ms", "msec", "msecs", "msecond", "mseconds"),
    MICROSECOND("microsecond", "microseconds", "us", "usec", "usecs", "usecond", "useconds"),
    EPOCH("epoch");

    private static final Map<String, DateField> BY_NAME = new HashMap<>();

    static {
        for (DateField field : values()) {
            for (String name : field.names) {
                BY_NAME.put(name, field);
            }
        }
    }

    private final List<String> names;

    DateField(String... names)
    {
        this.names = List.of(names);
    }

    /** The name DuckDB gives the part, as error messages show it. */
    public String sqlName()
    {
        return names.getFirst();
    }

    /** Whether the part is of the time of day (always 0 on a DATE). */
    public boolean isTimeOfDay()
    {
        return switch (this) {
            case HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND -> true;
            default -> false;
        };
    }

    /**
     * The part a name such as {@code 'year'}, {@code 'yr'} or {@code 'dow'} designates, in any case,
     * with DuckDB's names and abbreviations; an unknown name is an INVALID_ARGUMENT error naming it.
     */
    public static DateField parse(String name)
    {
        DateField field = BY_NAME.get(name.strip().toLowerCase(Locale.ROOT));
        if (field == null) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "unknown date part '" + name + "' (known: millennium, century, decade, year, isoyear, quarter, "
                    + "month, week, yearweek, day, dow, isodow, doy, hour, minute, second, millisecond, microsecond, epoch)");
        }
        return field;
    }
}
