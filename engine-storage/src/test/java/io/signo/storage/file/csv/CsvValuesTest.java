package io.signo.storage.file.csv;

import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Field text parsed as the values a column stores: dates as java.time counts them, numbers to their limits. */
class CsvValuesTest
{
    private final CsvValues values = new CsvValues();

    @Test
    void everyDayOfTheCalendarsEdgesAndOfTodayIsTheEpochDayJavaTimeGives()
    {
        for (int[] years : new int[][] {{0, 12}, {1582, 1583}, {1896, 1904}, {1968, 2104}, {9990, 9999}}) {
            for (LocalDate date = LocalDate.of(years[0], 1, 1); date.getYear() <= years[1]; date = date.plusDays(1)) {
                String text = String.format("%04d-%02d-%02d", date.getYear(), date.getMonthValue(), date.getDayOfMonth());
                assertTrue(parse(Type.DATE, text), text);
                assertEquals(date.toEpochDay(), values.longValue, text);
            }
        }
        assertTrue(parse(Type.DATE, "2024-2-9"));
        assertEquals(LocalDate.of(2024, 2, 9).toEpochDay(), values.longValue);
    }

    @Test
    void daysThatDoNotExistAndOtherTextAreNotDates()
    {
        for (String text : new String[] {"1900-02-29", "2023-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00", "24-01-01", "2024/01/01", "2024-01-01x", "2024-01-é", "2024-0a-01", "20x4-01-01", "2024-01-1x", "+024-01-01", "2024-01-0/"}) {
            assertFalse(parse(Type.DATE, text), text);
        }
        assertTrue(parse(Type.DATE, "2000-02-29"));
    }

    @Test
    void numbersToTheirLimits()
    {
        assertTrue(parse(Type.BIGINT, "-9223372036854775808"));
        assertEquals(Long.MIN_VALUE, values.longValue);
        assertFalse(parse(Type.BIGINT, "9223372036854775808"));
        assertFalse(parse(Type.INTEGER, "2147483648"));
        assertTrue(parse(Type.decimal(15, 2), " 12.345 "));
        assertEquals(1235, values.longValue);
        assertFalse(parse(Type.decimal(4, 2), "100.00"));
        assertTrue(parse(Type.DOUBLE, "-1.5e3"));
        assertEquals(-1500.0, values.doubleValue);
        assertFalse(parse(Type.DOUBLE, "0x10"));
        assertTrue(values.parse(Type.BIGINT, "42".toCharArray(), 0, 2));
        assertEquals(42, values.longValue);
        assertFalse(values.parse(Type.BIGINT, "4\u0662".toCharArray(), 0, 2), "a digit outside ASCII");
    }

    private boolean parse(Type type, String text)
    {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return values.parse(type, bytes, 0, bytes.length);
    }
}
