package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Interval arithmetic, conversions between instants and wall-clock times, and STRFTIME / STRPTIME, checked against java.time. */
class TimeAndIntervalExpressionsTest
{
    private static final long SECOND = 1_000_000L;
    private static final long HOUR = 3600 * SECOND;
    private static final long DAY = 24 * HOUR;
    private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

    private static long micros(LocalDateTime time)
    {
        return ChronoUnit.MICROS.between(EPOCH, time);
    }

    @Test
    void intervalArithmeticOverNullsAndSelections()
    {
        Page page = page(vector(Type.INTERVAL_DAY_TIME, DAY, null, -HOUR, 36 * HOUR), vector(Type.BIGINT, 2L, 3L, null, 0L), vector(Type.DOUBLE, 1.5, 2.0, 0.5, null));
        Expression interval = input(0, Type.INTERVAL_DAY_TIME);
        assertEquals(list(2 * DAY, null, null, 0L), evaluate(Expressions.intervalArithmetic(ArithmeticOperator.MULTIPLY, interval, input(1, Type.BIGINT), Type.INTERVAL_DAY_TIME), page));
        assertEquals(list(DAY + DAY / 2, null, -HOUR / 2, null), evaluate(Expressions.intervalArithmetic(ArithmeticOperator.MULTIPLY, input(2, Type.DOUBLE), interval, Type.INTERVAL_DAY_TIME), page));
        assertEquals(list(DAY / 2, null), evaluate(Expressions.intervalArithmetic(ArithmeticOperator.DIVIDE, interval, input(1, Type.BIGINT), Type.INTERVAL_DAY_TIME), page, 0, 2));
        assertEquals(list(2 * DAY / 3, -2 * HOUR), evaluate(Expressions.intervalArithmetic(ArithmeticOperator.DIVIDE, interval, input(2, Type.DOUBLE), Type.INTERVAL_DAY_TIME), page, 0, 2));
        assertEquals(list(2 * DAY, null, -2 * HOUR, 72 * HOUR), evaluate(Expressions.intervalArithmetic(ArithmeticOperator.ADD, interval, interval, Type.INTERVAL_DAY_TIME), page));
        assertEquals(list(514_285_714L), evaluate(Expressions.intervalArithmetic(ArithmeticOperator.DIVIDE, constant(Type.INTERVAL_HOUR_TO_SECOND, HOUR), constant(Type.BIGINT, 7L),
                Type.INTERVAL_HOUR_TO_SECOND), new Page(1)));
        SignoException error = assertThrows(SignoException.class,
                () -> evaluate(Expressions.intervalArithmetic(ArithmeticOperator.DIVIDE, interval, input(1, Type.BIGINT), Type.INTERVAL_DAY_TIME), page));
        assertEquals(ErrorCode.DIVISION_BY_ZERO, error.errorCode());
        error = assertThrows(SignoException.class, () -> evaluate(Expressions.intervalArithmetic(ArithmeticOperator.MULTIPLY, interval, constant(Type.BIGINT, Long.MAX_VALUE / 2),
                Type.INTERVAL_DAY_TIME), page));
        assertEquals(ErrorCode.NUMERIC_OVERFLOW, error.errorCode());
        error = assertThrows(SignoException.class, () -> Expressions.intervalArithmetic(ArithmeticOperator.DIVIDE, constant(Type.INTERVAL_YEAR_MONTH, 1L), constant(Type.BIGINT, 2L),
                Type.INTERVAL_YEAR_MONTH));
        assertEquals(ErrorCode.NOT_SUPPORTED, error.errorCode());
        Page empty = page(vector(Type.INTERVAL_DAY_TIME), vector(Type.BIGINT));
        assertEquals(list(), evaluate(Expressions.intervalArithmetic(ArithmeticOperator.MULTIPLY, interval, input(1, Type.BIGINT), Type.INTERVAL_DAY_TIME), empty));
    }

    @Test
    void extractOfIntervalsWithAndWithoutDays()
    {
        long value = DAY + HOUR + 2 * 60 * SECOND + 3_456_789;
        Page page = page(vector(Type.INTERVAL_DAY_TIME, value, -value, null));
        assertEquals(list(1L, -1L, null), evaluate(Expressions.extract(DateField.DAY, input(0, Type.INTERVAL_DAY_TIME)), page));
        assertEquals(list(1L, -1L, null), evaluate(Expressions.extract(DateField.HOUR, input(0, Type.INTERVAL_DAY_TIME)), page));
        assertEquals(list(3_456_789L, -3_456_789L, null), evaluate(Expressions.extract(DateField.MICROSECOND, input(0, Type.INTERVAL_DAY_TIME)), page));
        Page hours = page(vector(Type.INTERVAL_HOUR_TO_SECOND, value));
        assertEquals(list(25L), evaluate(Expressions.extract(DateField.HOUR, input(0, Type.INTERVAL_HOUR_TO_SECOND)), hours));
        Page months = page(vector(Type.INTERVAL_YEAR_MONTH, 14L, -14L));
        assertEquals(list(1L, -1L), evaluate(Expressions.extract(DateField.YEAR, input(0, Type.INTERVAL_YEAR_MONTH)), months));
        assertEquals(list(2L, -2L), evaluate(Expressions.extract(DateField.MONTH, input(0, Type.INTERVAL_YEAR_MONTH)), months));
        assertEquals(list(36_741_600.0, -36_741_600.0), evaluate(Expressions.extract(DateField.EPOCH, input(0, Type.INTERVAL_YEAR_MONTH)), months));
    }

    @Test
    void instantsMoveOnTheirZonesCalendar()
    {
        for (String name : List.of("Europe/Berlin", "America/New_York", "Australia/Lord_Howe")) {
            ZoneId zone = ZoneId.of(name);
            TimeZoneOffsets offsets = TimeZoneOffsets.of(zone);
            Object[] instants = new Object[500];
            for (int i = 0; i < instants.length; i++) {
                instants[i] = micros(LocalDateTime.of(2023, 1, 1, 0, 0).plusHours(i * 37L + i % 3)) - 3 * HOUR;
            }
            Page page = page(vector(Type.TIMESTAMP_TZ, instants));
            Expression instant = input(0, Type.TIMESTAMP_TZ);
            List<Object> plusDays = evaluate(Expressions.addMicroseconds(instant, constant(Type.INTERVAL_DAY_TIME, 2 * DAY + HOUR), offsets), page);
            List<Object> plusMonths = evaluate(Expressions.addMonths(instant, constant(Type.INTERVAL_YEAR_MONTH, 13L), offsets), page);
            List<Object> local = evaluate(Expressions.convertTimeZone(TimeZoneConversionExpression.Conversion.TO_LOCAL, instant, offsets), page);
            for (int i = 0; i < instants.length; i++) {
                long value = (Long) instants[i];
                ZonedDateTime time = Instant.EPOCH.plus(value, ChronoUnit.MICROS).atZone(zone);
                assertEquals(ChronoUnit.MICROS.between(Instant.EPOCH, time.plusDays(2).plusHours(1).toInstant()), plusDays.get(i), name + " " + time);
                assertEquals(ChronoUnit.MICROS.between(Instant.EPOCH, time.plusMonths(13).toInstant()), plusMonths.get(i), name + " " + time);
                assertEquals(micros(time.toLocalDateTime()), local.get(i), name + " " + time);
            }
        }
    }

    @Test
    void strftimeWritesWhatJavaTimeWrites()
    {
        DateTimeFormatter java = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS EEE EEEE MMM MMMM hh a", Locale.ENGLISH);
        DateTimeFormat format = DateTimeFormat.of("%Y-%m-%d %H:%M:%S.%f %a %A %b %B %I %p");
        Object[] values = new Object[400];
        LocalDateTime start = LocalDateTime.of(1899, 12, 25, 23, 59, 59, 123_456_000);
        for (int i = 0; i < values.length; i++) {
            values[i] = micros(start.plusHours(i * 997L).plusNanos(i * 1000L));
        }
        List<Object> texts = evaluate(Expressions.formatDateTime(input(0, Type.TIMESTAMP), format, null), page(vector(Type.TIMESTAMP, values)));
        for (int i = 0; i < values.length; i++) {
            LocalDateTime time = EPOCH.plus((Long) values[i], ChronoUnit.MICROS);
            assertEquals(java.format(time), texts.get(i));
            // and back
            List<Object> parsed = evaluate(Expressions.parseDateTime(constant(Type.VARCHAR, texts.get(i)), format), new Page(1));
            assertEquals(values[i], parsed.getFirst(), (String) texts.get(i));
        }
    }

    @Test
    void strftimeOfInstantsAndDatesAndNulls()
    {
        TimeZoneOffsets kolkata = TimeZoneOffsets.of(ZoneId.of("Asia/Kolkata"));
        long instant = micros(LocalDateTime.of(2024, 7, 2, 10, 0));
        Page page = page(vector(Type.TIMESTAMP_TZ, instant, null));
        DateTimeFormat format = DateTimeFormat.of("%c %z %Z %%");
        assertEquals(list("2024-07-02 15:30:00 +05:30 Asia/Kolkata %", null), evaluate(Expressions.formatDateTime(input(0, Type.TIMESTAMP_TZ), format, kolkata), page));
        assertEquals(list("2024-07-02 00:00:00 +00  %"), evaluate(Expressions.formatDateTime(constant(Type.DATE, 19906), format, null), new Page(1)));
        long utc = micros(LocalDateTime.of(2024, 7, 2, 11, 4, 5));
        assertEquals(list(utc), evaluate(Expressions.parseDateTime(constant(Type.VARCHAR, "2024-07-02 13:04:05+02"), DateTimeFormat.of("%Y-%m-%d %H:%M:%S%z")), new Page(1)));
        assertEquals(list(utc - 2 * HOUR), evaluate(Expressions.parseDateTime(constant(Type.VARCHAR, "2024-07-02 11:04:05 Europe/Berlin"),
                DateTimeFormat.of("%Y-%m-%d %H:%M:%S %Z")), new Page(1)));
        assertEquals(Type.TIMESTAMP_TZ, Expressions.parseDateTime(constant(Type.VARCHAR, "x"), DateTimeFormat.of("%z")).type());
        assertEquals(list((Object) null), evaluate(Expressions.parseDateTime(constant(Type.VARCHAR, null), DateTimeFormat.of("%Y")), new Page(1)));
        SignoException error = assertThrows(SignoException.class, () -> DateTimeFormat.of("%Y-%q"));
        assertEquals(ErrorCode.INVALID_ARGUMENT, error.errorCode());
        assertTrue(error.getMessage().contains("%q"), error.getMessage());
        error = assertThrows(SignoException.class,
                () -> evaluate(Expressions.parseDateTime(input(0, Type.VARCHAR), DateTimeFormat.of("%d/%m/%Y")), page(vector(Type.VARCHAR, "01/02/2024", "31/04/2024"))));
        assertTrue(error.getMessage().contains("\"31/04/2024\"") && error.getMessage().contains("\"%d/%m/%Y\""), error.getMessage());
    }

    @Test
    void textOfInstantsInAZone()
    {
        TimeZoneOffsets berlin = TimeZoneOffsets.of(ZoneId.of("Europe/Berlin"));
        long winter = ChronoUnit.MICROS.between(Instant.EPOCH, LocalDateTime.of(2024, 1, 2, 9, 0).toInstant(ZoneOffset.UTC));
        Page page = page(vector(Type.TIMESTAMP_TZ, winter, null, winter + 180 * DAY));
        assertEquals(list("2024-01-02 10:00:00+01", null, "2024-06-30 11:00:00+02"),
                evaluate(Expressions.convertTimeZone(TimeZoneConversionExpression.Conversion.FORMAT, input(0, Type.TIMESTAMP_TZ), berlin), page));
        Page texts = page(vector(Type.VARCHAR, " 2024-01-02 10:00:00 ", "2024-01-02 09:00:00Z", null, "2024-01-02 04:00:00 America/New_York"));
        assertEquals(list(winter, winter, null, winter),
                evaluate(Expressions.convertTimeZone(TimeZoneConversionExpression.Conversion.PARSE, input(0, Type.VARCHAR), berlin), texts));
        SignoException error = assertThrows(SignoException.class,
                () -> evaluate(Expressions.convertTimeZone(TimeZoneConversionExpression.Conversion.PARSE, constant(Type.VARCHAR, "yesterday"), berlin), new Page(1)));
        assertEquals(ErrorCode.INVALID_CAST, error.errorCode());
        assertTrue(error.getMessage().contains("'yesterday'"), error.getMessage());
    }
}
