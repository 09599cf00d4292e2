package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A LIKE, an IN list and a comparison with a constant over a dictionary-encoded string column answer
 * each row as they answer the same strings decoded: tested once per entry, NULL rows NULL, an IN list
 * holding NULL NULL for the rows it does not hold, and under a selection of rows.
 */
class DictionaryPredicateTest
{
    private static final List<String> ENTRIES = List.of("MEDIUM POLISHED BRASS", "PROMO BRUSHED TIN", "", "SMALL PLATED BRASS");
    private static final int ROWS = 40;

    @Test
    void predicatesOfCodesAnswerAsPredicatesOfStrings()
    {
        ColumnVector coded = coded();
        assertTrue(coded.isDictionaryEncoded());
        String[] strings = new String[ROWS];
        for (int row = 0; row < ROWS; row++) {
            strings[row] = (String) coded.getObject(row);
        }
        ColumnVector plain = vector(Type.VARCHAR, (Object[]) strings);
        // a second column before the coded one: the predicate reads its own channel only
        ColumnVector numbers = vector(Type.INTEGER, Arrays.stream(new Integer[ROWS]).map(_ -> 7).toArray());
        Page codedPage = new Page(ROWS, numbers, coded);
        Page plainPage = new Page(ROWS, numbers, plain);
        Expression column = Expressions.input(1, Type.VARCHAR);
        List<Expression> predicates = List.of(
                Expressions.like(column, "%BRASS", null),
                Expressions.like(column, "PROMO%", null),
                Expressions.not(Expressions.like(column, "MEDIUM POLISHED%", null)),
                Expressions.in(column, List.of("PROMO BRUSHED TIN", "")),
                Expressions.in(column, Arrays.asList("SMALL PLATED BRASS", null)),
                Expressions.comparison(ComparisonOperator.NOT_EQUAL, column, Expressions.constant(Type.VARCHAR, "PROMO BRUSHED TIN")),
                Expressions.comparison(ComparisonOperator.LESS_THAN, Expressions.constant(Type.VARCHAR, "N"), column));
        int[] selection = {0, 1, 2, 5, 6, 11, 12, 13, 14, 20, 21, 22, 23, 24, 30, 31, 32, 33, 34, 35, 39};
        for (Expression predicate : predicates) {
            assertEquals(evaluate(predicate, plainPage), evaluate(predicate, codedPage), predicate.toString());
            assertEquals(evaluate(predicate, plainPage, selection), evaluate(predicate, codedPage, selection), predicate + " at a selection");
        }
        List<Object> expected = new ArrayList<>();
        for (String value : strings) {
            expected.add(value == null ? null : value.endsWith("BRASS"));
        }
        assertEquals(expected, evaluate(Expressions.like(column, "%BRASS", null), codedPage));
    }

    /** Rows cycle through the entries; every fifth is NULL, its code 0. */
    private static ColumnVector coded()
    {
        ColumnVector dictionary = vector(Type.VARCHAR, ENTRIES.toArray());
        MemorySegment codes = PageAllocator.transientPages().allocate((long) ROWS * Integer.BYTES);
        MemorySegment nulls = PageAllocator.transientPages().allocate((ROWS + 7) / 8);
        for (int row = 0; row < ROWS; row++) {
            boolean isNull = row % 5 == 4;
            codes.setAtIndex(ValueLayout.JAVA_INT, row, isNull ? 0 : row * 3 % ENTRIES.size());
            if (isNull) {
                nulls.set(ValueLayout.JAVA_BYTE, row >>> 3, (byte) (nulls.get(ValueLayout.JAVA_BYTE, row >>> 3) | (1 << (row & 7))));
            }
        }
        return ColumnVector.dictionaryEncoded(Type.VARCHAR, ROWS, codes, dictionary, nulls);
    }
}
