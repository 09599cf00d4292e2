package io.signo.sql.tpch;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultComparisonTest
{
    @Test
    void equalResultsPass()
    {
        List<List<Object>> rows = List.of(row(1L, "a", LocalDate.of(1995, 1, 1)), row(2L, "b", null));
        ResultComparison.assertSameResult(rows, rows, true, "same");
        ResultComparison.assertSameResult(List.of(), List.of(), true, "empty");
        ResultComparison.assertSameResult(List.of(), List.of(), false, "empty");
    }

    @Test
    void orderMattersOnlyWhenOrdered()
    {
        List<List<Object>> expected = List.of(row(1L, "a"), row(2L, "b"), row(null, "c"));
        List<List<Object>> shuffled = List.of(row(2L, "b"), row(null, "c"), row(1L, "a"));
        ResultComparison.assertSameResult(expected, shuffled, false, "unordered");
        AssertionFailedError error = assertThrows(AssertionFailedError.class, () -> ResultComparison.assertSameResult(expected, shuffled, true, "Q99"));
        assertTrue(error.getMessage().startsWith("Q99: row 0 differs in column 0"), error.getMessage());
        assertTrue(error.getMessage().contains("expected: [1, a]") && error.getMessage().contains("actual:   [2, b]"), error.getMessage());
    }

    @Test
    void numbersCompareByValueWithTolerance()
    {
        // DuckDB's AVG is a DOUBLE where Signo has a DECIMAL
        ResultComparison.assertSameResult(List.of(row(new BigDecimal("25.52"))), List.of(row(25.522359)), true, "abs");
        ResultComparison.assertSameResult(List.of(row(new BigDecimal("0.0500"))), List.of(row(0.05)), true, "scale");
        ResultComparison.assertSameResult(List.of(row(7L)), List.of(row(7)), true, "long and int");
        ResultComparison.assertSameResult(List.of(row(7L)), List.of(row(new BigDecimal("7.00"))), true, "long and decimal");
        ResultComparison.assertSameResult(List.of(row(new BigDecimal("123456789012.345"))), List.of(row(123456789012.3451)), true, "relative");
        assertThrows(AssertionFailedError.class, () -> ResultComparison.assertSameResult(List.of(row(new BigDecimal("1.00"))), List.of(row(new BigDecimal("1.02"))), true, "off"));
        assertThrows(AssertionFailedError.class, () -> ResultComparison.assertSameResult(List.of(row(1_000_000L)), List.of(row(1_000_001L)), true, "off by one"));
        // within one part in a billion counts as equal
        ResultComparison.assertSameResult(List.of(row(1_000_000_000L)), List.of(row(1_000_000_001L)), true, "relative");
        ResultComparison.assertSameResult(List.of(row(Double.NaN)), List.of(row(Double.NaN)), true, "nan");
    }

    @Test
    void stringsIgnoreTrailingSpacesOnly()
    {
        ResultComparison.assertSameResult(List.of(row("BRAZIL   ")), List.of(row("BRAZIL")), true, "char padding");
        assertThrows(AssertionFailedError.class, () -> ResultComparison.assertSameResult(List.of(row(" BRAZIL")), List.of(row("BRAZIL")), true, "leading"));
        assertThrows(AssertionFailedError.class, () -> ResultComparison.assertSameResult(List.of(row("brazil")), List.of(row("BRAZIL")), true, "case"));
    }

    @Test
    void datesAndNulls()
    {
        ResultComparison.assertSameResult(List.of(row(LocalDate.of(1998, 12, 1))), List.of(row(java.sql.Date.valueOf("1998-12-01"))), true, "date");
        ResultComparison.assertSameResult(List.of(row((Object) null)), List.of(row((Object) null)), true, "null");
        AssertionFailedError error = assertThrows(AssertionFailedError.class, () -> ResultComparison.assertSameResult(List.of(row((Object) null)), List.of(row(0L)), true, "null vs zero"));
        assertTrue(error.getMessage().contains("expected NULL"), error.getMessage());
        assertThrows(AssertionFailedError.class, () -> ResultComparison.assertSameResult(List.of(row(true)), List.of(row(false)), true, "boolean"));
    }

    @Test
    void reportsRowCountDifferences()
    {
        AssertionFailedError missing = assertThrows(AssertionFailedError.class,
                () -> ResultComparison.assertSameResult(List.of(row(1L), row(2L)), List.of(row(1L)), true, "Q5"));
        assertTrue(missing.getMessage().contains("expected 2 rows, actual 1") && missing.getMessage().contains("first missing row: [2]"), missing.getMessage());
        AssertionFailedError extra = assertThrows(AssertionFailedError.class,
                () -> ResultComparison.assertSameResult(List.of(), List.of(row(3L)), false, "Q6"));
        assertTrue(extra.getMessage().contains("first unexpected row: [3]"), extra.getMessage());
        assertThrows(AssertionFailedError.class, () -> ResultComparison.assertSameResult(List.of(row(1L, 2L)), List.of(row(1L)), true, "columns"));
    }

    private static List<Object> row(Object... values)
    {
        return Arrays.asList(values);
    }
}
