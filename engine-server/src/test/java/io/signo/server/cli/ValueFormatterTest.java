package io.signo.server.cli;

import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Random;

import static io.signo.server.cli.TestResults.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ValueFormatterTest
{
    private final ValueFormatter plain = new ValueFormatter(ValueFormatter.Quoting.NONE);
    private final ValueFormatter csv = new ValueFormatter(ValueFormatter.Quoting.CSV);

    @Test
    void decimalsHaveExactlyTheirScale()
    {
        assertEquals("12.50", decimal(1250L, 2));
        assertEquals("-12.50", decimal(-1250L, 2));
        assertEquals("0.05", decimal(5L, 2));
        assertEquals("-0.05", decimal(-5L, 2));
        assertEquals("0.00", decimal(0L, 2));
        assertEquals("0.10", decimal(10L, 2));
        assertEquals("1.00", decimal(100L, 2));
        assertEquals("42", decimal(42L, 0));
        assertEquals("-42", decimal(-42L, 0));
        assertEquals("0", decimal(0L, 0));
        assertEquals("0.000001", decimal(1L, 6));
        assertEquals("-92233720368547758.08", decimal(Long.MIN_VALUE, 2));
        assertEquals("9.223372036854775807", decimal(Long.MAX_VALUE, 18));
    }

    @Test
    void decimalsMatchBigDecimal()
    {
        Random random = new Random(42);
        for (int i = 0; i < 10_000; i++) {
            long unscaled = switch (i % 3) {
                case 0 -> random.nextLong();
                case 1 -> random.nextInt(2_000_001) - 1_000_000;
                default -> random.nextInt(201) - 100;
            };
            int scale = random.nextInt(19);
            assertEquals(BigDecimal.valueOf(unscaled, scale).toPlainString(), decimal(unscaled, scale), unscaled + " scale " + scale);
        }
    }

    @Test
    void longDecimalsMatchBigDecimal()
    {
        Random random = new Random(43);
        for (int i = 0; i < 10_000; i++) {
            BigInteger unscaled = new BigInteger(random.nextInt(127), random);
            unscaled = unscaled.abs().compareTo(BigInteger.TEN.pow(38)) >= 0 ? unscaled.mod(BigInteger.TEN.pow(38)) : unscaled;
            unscaled = random.nextBoolean() ? unscaled.negate() : unscaled;
            int scale = random.nextInt(39);
            String expected = new BigDecimal(unscaled, scale).toPlainString();
            assertEquals(expected, plain.format(vector(Type.decimal(38, scale), unscaled), 0), unscaled + " scale " + scale);
        }
        assertEquals("-0.05", plain.format(vector(Type.decimal(20, 2), BigInteger.valueOf(-5)), 0));
        assertEquals("99999999999999999999999999999999999999", plain.format(vector(Type.decimal(38, 0), BigInteger.TEN.pow(38).subtract(BigInteger.ONE)), 0));
    }

    @Test
    void datesAreIsoDates()
    {
        assertEquals("1970-01-01", plain.format(vector(Type.DATE, 0), 0));
        assertEquals("1998-12-01", plain.format(vector(Type.DATE, (int) LocalDate.of(1998, 12, 1).toEpochDay()), 0));
        assertEquals("1969-12-31", plain.format(vector(Type.DATE, -1), 0));
        assertEquals("2000-02-29", plain.format(vector(Type.DATE, (int) LocalDate.of(2000, 2, 29).toEpochDay()), 0));
        assertEquals("0001-01-01", plain.format(vector(Type.DATE, (int) LocalDate.of(1, 1, 1).toEpochDay()), 0));
        assertEquals("9999-12-31", plain.format(vector(Type.DATE, (int) LocalDate.of(9999, 12, 31).toEpochDay()), 0));
        // as DuckDB prints them: a year past 9999 with all its digits, a year before 1 as a year BC
        assertEquals("10233-09-21", plain.format(vector(Type.DATE, (int) LocalDate.of(10233, 9, 21).toEpochDay()), 0));
        assertEquals("0001-12-31 (BC)", plain.format(vector(Type.DATE, (int) LocalDate.of(0, 12, 31).toEpochDay()), 0));
        for (int days = -800_000; days < 3_000_000; days += 7) {
            StringBuilder text = new StringBuilder();
            ValueFormatter.appendDate(days, text);
            LocalDate date = LocalDate.ofEpochDay(days);
            String expected = date.getYear() < 1
                    ? String.format("%04d-%02d-%02d (BC)", 1 - date.getYear(), date.getMonthValue(), date.getDayOfMonth())
                    : date.toString().replace("+", "");
            assertEquals(expected, text.toString());
        }
    }

    @Test
    void timesInstantsAndIntervalsPrintAsDuckDb()
    {
        long hour = 3_600_000_000L;
        ColumnVector times = vector(Type.TIME, 12 * hour + 34 * 60_000_000L + 56_500_000L, 0L, null);
        assertEquals("12:34:56.5", plain.format(times, 0));
        assertEquals("00:00:00", plain.format(times, 1));
        assertEquals("", plain.format(times, 2));
        ColumnVector intervals = vector(Type.INTERVAL_DAY_TIME, 60 * 24 * hour, -25 * hour - 500_000L);
        assertEquals("60 days", plain.format(intervals, 0));
        assertEquals("-1 day -01:00:00.5", plain.format(intervals, 1));
        assertEquals("36:00:00", plain.format(vector(Type.INTERVAL_HOUR_TO_SECOND, 36 * hour), 0));
        assertEquals("1 year 2 months", plain.format(vector(Type.INTERVAL_YEAR_MONTH, 14L), 0));
        long instant = LocalDate.of(2024, 1, 2).toEpochDay() * 24 * hour + 9 * hour;
        ColumnVector instants = vector(Type.TIMESTAMP_TZ, instant, instant + 182 * 24 * hour);
        ValueFormatter berlin = new ValueFormatter(ValueFormatter.Quoting.NONE);
        berlin.timeZone(ZoneId.of("Europe/Berlin"));
        assertEquals("2024-01-02 10:00:00+01", berlin.format(instants, 0));
        assertEquals("2024-07-02 11:00:00+02", berlin.format(instants, 1));
        assertEquals("2024-01-02 09:00:00+00", plain.format(instants, 0));
    }

    @Test
    void doublesPrintAsJavaDoes()
    {
        ColumnVector doubles = vector(Type.DOUBLE, 1.0, 0.1, 1e20, -0.0, 123.456, 1.0 / 3, Double.NaN, null);
        assertEquals("1.0", plain.format(doubles, 0));
        assertEquals("0.1", plain.format(doubles, 1));
        assertEquals("1.0E20", plain.format(doubles, 2));
        assertEquals("-0.0", plain.format(doubles, 3));
        assertEquals("123.456", plain.format(doubles, 4));
        assertEquals("0.3333333333333333", plain.format(doubles, 5));
        assertEquals("NaN", plain.format(doubles, 6));
        assertEquals("", plain.format(doubles, 7));
    }

    @Test
    void integersBooleansAndNulls()
    {
        ColumnVector integers = vector(Type.INTEGER, 7, null, Integer.MIN_VALUE);
        assertEquals("7", plain.format(integers, 0));
        assertEquals("", plain.format(integers, 1));
        assertEquals("-2147483648", plain.format(integers, 2));
        ColumnVector bigints = vector(Type.BIGINT, Long.MAX_VALUE, null);
        assertEquals("9223372036854775807", plain.format(bigints, 0));
        assertEquals("", plain.format(bigints, 1));
        ColumnVector booleans = vector(Type.BOOLEAN, true, false, null);
        assertEquals("true", plain.format(booleans, 0));
        assertEquals("false", plain.format(booleans, 1));
        assertEquals("", plain.format(booleans, 2));
        assertEquals("", plain.format(vector(Type.decimal(12, 2), (Object) null), 0));
        assertEquals("", plain.format(vector(Type.DATE, (Object) null), 0));
        assertEquals("", csv.format(vector(Type.VARCHAR, (Object) null), 0));
    }

    @Test
    void stringsKeepTheirTextAndCharDropsPadding()
    {
        ColumnVector strings = vector(Type.VARCHAR, "plain", "", "naïve 東京", "two  ");
        assertEquals("plain", plain.format(strings, 0));
        assertEquals("", plain.format(strings, 1));
        assertEquals("naïve 東京", plain.format(strings, 2));
        assertEquals("two  ", plain.format(strings, 3));
        ColumnVector chars = vector(Type.character(10), "R", "AIR   ", "   ");
        assertEquals("R", plain.format(chars, 0));
        assertEquals("AIR", plain.format(chars, 1));
        assertEquals("", plain.format(chars, 2));
    }

    @Test
    void csvQuotesOnlyWhatNeedsIt()
    {
        ColumnVector strings = vector(Type.VARCHAR, "plain", "a,b", "say \"hi\"", "line\nbreak", "carriage\rreturn", "", "naïve, 東京", "it's");
        assertEquals("plain", csv.format(strings, 0));
        assertEquals("\"a,b\"", csv.format(strings, 1));
        assertEquals("\"say \"\"hi\"\"\"", csv.format(strings, 2));
        assertEquals("\"line\nbreak\"", csv.format(strings, 3));
        assertEquals("\"carriage\rreturn\"", csv.format(strings, 4));
        assertEquals("\"\"", csv.format(strings, 5));
        assertEquals("\"naïve, 東京\"", csv.format(strings, 6));
        assertEquals("it's", csv.format(strings, 7));
        // the plain formatter never quotes
        assertEquals("a,b", plain.format(strings, 1));
    }

    @Test
    void formatColumnRecordsCellEnds()
    {
        StringBuilder buffer = new StringBuilder();
        int[] ends = new int[3];
        plain.formatColumn(vector(Type.BIGINT, 10L, null, 300L), 3, buffer, ends);
        assertEquals("10300", buffer.toString());
        assertEquals(2, ends[0]);
        assertEquals(2, ends[1]);
        assertEquals(5, ends[2]);
    }

    private String decimal(long unscaled, int scale)
    {
        return plain.format(vector(Type.decimal(18, scale), unscaled), 0);
    }
}
