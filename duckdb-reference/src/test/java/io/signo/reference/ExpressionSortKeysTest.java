package io.signo.reference;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.math.BigDecimal;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExpressionSortKeysTest
{
    private static final String SQL = "SELECT name, sales, average FROM t ORDER BY sales - average, name DESC LIMIT 3";
    private static final List<String> COLUMNS = List.of("name", "sales", "average");

    private DuckDbDatabase duckDb;

    @BeforeAll
    void open()
            throws Exception
    {
        duckDb = DuckDbDatabase.open(1);
    }

    @AfterAll
    void close()
            throws Exception
    {
        duckDb.close();
    }

    @Test
    void rowsWithEqualExpressionKeysMayComeInAnyOrder()
    {
        // b and c both have sales - average = 1: the second key (name DESC) puts c first
        List<List<Object>> expected = List.of(row("a", "5", "5"), row("c", "3", "2"), row("b", "4", "3"));
        List<List<Object>> actual = List.of(row("a", "5", "5"), row("c", "3", "2"), row("b", "4", "3"));
        assertTrue(duckDb.differenceOfAnswers(SQL, COLUMNS, expected, actual).isEmpty());

        String tiesSql = "SELECT name, sales, average FROM t ORDER BY sales - average LIMIT 3";
        List<List<Object>> swapped = List.of(row("a", "5", "5"), row("b", "4", "3"), row("c", "3", "2"));
        assertTrue(duckDb.differenceOfAnswers(tiesSql, COLUMNS, expected, swapped).isEmpty());
    }

    @Test
    void rowsOutOfExpressionOrderDiffer()
    {
        List<List<Object>> expected = List.of(row("a", "5", "5"), row("c", "3", "2"), row("b", "4", "3"));
        List<List<Object>> wrongOrder = List.of(row("c", "3", "2"), row("a", "5", "5"), row("b", "4", "3"));
        assertTrue(duckDb.differenceOfAnswers(SQL, COLUMNS, expected, wrongOrder).isPresent());

        List<List<Object>> swappedAcrossSecondKey = List.of(row("a", "5", "5"), row("b", "4", "3"), row("c", "3", "2"));
        assertTrue(duckDb.differenceOfAnswers(SQL, COLUMNS, expected, swappedAcrossSecondKey).isPresent());
    }

    @Test
    void keysThatAreNotExpressionsOfTheOutputAreComparedInOrder()
    {
        String sql = "SELECT name FROM t ORDER BY sales - average";
        List<List<Object>> expected = List.of(List.of("a"), List.of("b"));
        List<List<Object>> swapped = List.of(List.of("b"), List.of("a"));
        assertTrue(duckDb.differenceOfAnswers(sql, List.of("name"), expected, swapped).isPresent());
    }

    private static List<Object> row(String name, String sales, String average)
    {
        return List.of(name, new BigDecimal(sales), new BigDecimal(average));
    }
}
