package io.signo.bench.kernels;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded pages shaped like TPC-H lineitem: a BIGINT key (uniform over {@code keyCount} values),
 * l_quantity, l_extendedprice and l_discount as DECIMAL(15,2), l_shipdate as DATE (1992 - 1998)
 * and a short VARCHAR comment, in pages of {@link #PAGE_ROWS} rows.
 */
final class LineitemPages
{
    static final int PAGE_ROWS = 8192;
    static final int KEY = 0;
    static final int QUANTITY = 1;
    static final int EXTENDED_PRICE = 2;
    static final int DISCOUNT = 3;
    static final int SHIP_DATE = 4;
    static final int COMMENT = 5;
    static final Type DECIMAL = Type.decimal(15, 2);
    static final List<Type> TYPES = List.of(Type.BIGINT, DECIMAL, DECIMAL, DECIMAL, Type.DATE, Type.VARCHAR);
    /** 1992-01-01 and 1998-12-31 as days since 1970-01-01. */
    static final int FIRST_SHIP_DATE = 8035;
    static final int LAST_SHIP_DATE = 10591;

    private static final String[] WORDS = {"furiously", "regular", "deposits", "sleep", "carefully", "final", "accounts", "haggle", "quickly", "ironic", "packages", "boost"};

    private LineitemPages() {}

    /** {@code rowCount} rows (a multiple of {@link #PAGE_ROWS}) with keys in [0, keyCount). */
    static List<Page> generate(int rowCount, long keyCount, long seed)
    {
        SplittableRandom random = new SplittableRandom(seed);
        List<Page> pages = new ArrayList<>();
        StringBuilder comment = new StringBuilder();
        for (int start = 0; start < rowCount; start += PAGE_ROWS) {
            int rows = Math.min(PAGE_ROWS, rowCount - start);
            VectorBuilder key = new VectorBuilder(Type.BIGINT, rows);
            VectorBuilder quantity = new VectorBuilder(DECIMAL, rows);
            VectorBuilder price = new VectorBuilder(DECIMAL, rows);
            VectorBuilder discount = new VectorBuilder(DECIMAL, rows);
            VectorBuilder shipDate = new VectorBuilder(Type.DATE, rows);
            VectorBuilder comments = new VectorBuilder(Type.VARCHAR, rows);
            for (int row = 0; row < rows; row++) {
                key.appendLong(random.nextLong(keyCount));
                long units = 1 + random.nextInt(50);
                quantity.appendLong(units * 100);
                price.appendLong(units * (90_000 + random.nextInt(1_000_000)) / 10);
                discount.appendLong(random.nextInt(11));
                shipDate.appendInt(FIRST_SHIP_DATE + random.nextInt(LAST_SHIP_DATE - FIRST_SHIP_DATE + 1));
                comment.setLength(0);
                int words = 2 + random.nextInt(4);
                for (int word = 0; word < words; word++) {
                    if (word > 0) {
                        comment.append(' ');
                    }
                    comment.append(WORDS[random.nextInt(WORDS.length)]);
                }
                comments.appendString(comment.toString());
            }
            pages.add(new Page(rows, key.build(), quantity.build(), price.build(), discount.build(), shipDate.build(), comments.build()));
        }
        return pages;
    }

    /** Pages of only the key column and one DECIMAL value, for joins and aggregations; keys are a shuffled 0 .. rowCount - 1 when {@code distinctKeys}. */
    static List<Page> keyValue(int rowCount, long keyCount, boolean distinctKeys, long seed)
    {
        SplittableRandom random = new SplittableRandom(seed);
        long[] keys = new long[rowCount];
        for (int i = 0; i < rowCount; i++) {
            keys[i] = distinctKeys ? i : random.nextLong(keyCount);
        }
        if (distinctKeys) {
            for (int i = rowCount - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                long swap = keys[i];
                keys[i] = keys[j];
                keys[j] = swap;
            }
        }
        List<Page> pages = new ArrayList<>();
        for (int start = 0; start < rowCount; start += PAGE_ROWS) {
            int rows = Math.min(PAGE_ROWS, rowCount - start);
            VectorBuilder key = new VectorBuilder(Type.BIGINT, rows);
            VectorBuilder value = new VectorBuilder(DECIMAL, rows);
            for (int row = 0; row < rows; row++) {
                key.appendLong(keys[start + row]);
                value.appendLong(random.nextInt(10_000_000));
            }
            pages.add(new Page(rows, key.build(), value.build()));
        }
        return pages;
    }
}
