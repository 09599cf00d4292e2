package io.signo.storage.type;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.Random;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The calendar fields and the days of every DATE Signo holds (any int of days) against java.time. */
class CivilDateTest
{
    @Test
    void fieldsOfEveryDayMatchJavaTime()
    {
        Random random = new Random(20261127);
        IntStream days = IntStream.concat(
                IntStream.of(Integer.MIN_VALUE, Integer.MIN_VALUE + 1, Integer.MAX_VALUE, Integer.MAX_VALUE - 1, -719528, -719529, -1, 0, 1, 10957, 2932896, 2932897),
                IntStream.concat(random.ints(20_000), random.ints(20_000, -1_000_000, 3_000_000)));
        days.forEach(day -> {
            LocalDate expected = LocalDate.ofEpochDay(day);
            long packed = CivilDate.pack(day);
            assertEquals(expected.getYear(), CivilDate.year(packed), () -> "year of day " + day);
            assertEquals(expected.getMonthValue(), CivilDate.month(packed), () -> "month of day " + day);
            assertEquals(expected.getDayOfMonth(), CivilDate.day(packed), () -> "day of month of day " + day);
            assertEquals(day, CivilDate.toDays(expected.getYear(), expected.getMonthValue(), expected.getDayOfMonth()), () -> "days of " + expected);
        });
    }

    @Test
    void formatsTheFarthestDatesWithTheirEra()
    {
        byte[] text = new byte[CivilDate.MAX_FORMATTED_LENGTH];
        // DuckDB: DATE '2000-01-01' - 2147483647 is 5877612-06-23 (BC)
        int end = CivilDate.format(10957 - Integer.MAX_VALUE, text, 0);
        assertEquals("5877612-06-23 (BC)", new String(text, 0, end, java.nio.charset.StandardCharsets.US_ASCII));
        end = CivilDate.format(Integer.MAX_VALUE, text, 0);
        assertEquals(LocalDate.ofEpochDay(Integer.MAX_VALUE).toString().substring(1), new String(text, 0, end, java.nio.charset.StandardCharsets.US_ASCII));
    }
}
