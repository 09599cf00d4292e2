package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Runs a predicate of one dictionary-encoded string column (a LIKE, an IN list, a comparison with a
 * constant) once per dictionary entry instead of once per row, then gives each row its entry's
 * answer through its code: {@code p_type LIKE '%BRASS'} over a Parquet file tests the 150 types of a
 * row group, not its rows. A NULL row's answer is NULL, as the kernels' is for a NULL operand.
 */
final class DictionaryPredicate
{
    /** The entries are tested instead of the rows when the rows asked for are at least this many per entry. */
    private static final int MIN_ROWS_PER_ENTRY = 2;

    private DictionaryPredicate() {}

    /**
     * Whether {@code operand}, the predicate's only column operand, is a dictionary-encoded column of
     * a dense page with fewer entries than the rows asked for: then {@link #evaluate} is the cheaper way.
     */
    static boolean applies(Expression operand, Page page, int count)
    {
        if (!(operand instanceof InputReference input) || page.isSelected()) {
            return false;
        }
        ColumnVector column = page.column(input.channel());
        return column.isDictionaryEncoded() && (long) column.dictionary().positionCount() * MIN_ROWS_PER_ENTRY <= count;
    }

    /**
     * {@code predicate}, whose only column operand is {@code operand} (for which {@link #applies}),
     * at {@code positions[0 .. count)} of {@code page} (0 .. count - 1 when null).
     */
    static ColumnVector evaluate(Expression predicate, Expression operand, Page page, int[] positions, int count, PageAllocator allocator)
    {
        int channel = ((InputReference) operand).channel();
        ColumnVector column = page.column(channel);
        ColumnVector entries = column.dictionary();
        int entryCount = entries.positionCount();
        // the entries stand in for every column of the page: the predicate reads its operand's only
        ColumnVector[] entryColumns = new ColumnVector[channel + 1];
        Arrays.fill(entryColumns, entries);
        ColumnVector answers = predicate.evaluate(new Page(entryCount, entryColumns), null, entryCount, allocator);
        byte[] entryAnswers = new byte[entryCount];
        MemorySegment.copy(answers.values(), ValueLayout.JAVA_BYTE, 0, entryAnswers, 0, entryCount);
        // an entry whose answer is NULL (an IN list holding NULL) answers 2: NULL for its rows
        MemorySegment answerNulls = answers.nulls();
        boolean anyNullAnswer = false;
        if (answerNulls != null) {
            for (int entry = 0; entry < entryCount; entry++) {
                if (ColumnVector.isNullBit(answerNulls, entry)) {
                    entryAnswers[entry] = 2;
                    anyNullAnswer = true;
                }
            }
        }
        MemorySegment codes = column.dictionaryCodes();
        byte[] result = new byte[count];
        if (positions == null) {
            for (int i = 0; i < count; i++) {
                result[i] = entryAnswers[codes.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i)];
            }
        }
        else {
            for (int i = 0; i < count; i++) {
                result[i] = entryAnswers[codes.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, positions[i])];
            }
        }
        MemorySegment nulls = ColumnVector.selectNulls(column.nulls(), positions, count, allocator);
        if (anyNullAnswer) {
            for (int i = 0; i < count; i++) {
                if (result[i] == 2) {
                    result[i] = 0;
                    if (nulls == null) {
                        nulls = allocator.allocate((count + 7L) / 8);
                    }
                    nulls.set(ValueLayout.JAVA_BYTE, i >>> 3, (byte) (nulls.get(ValueLayout.JAVA_BYTE, i >>> 3) | (1 << (i & 7))));
                }
            }
        }
        MemorySegment values = allocator.allocate(Math.max(1, count));
        MemorySegment.copy(result, 0, values, ValueLayout.JAVA_BYTE, 0, count);
        return new ColumnVector(Type.BOOLEAN, count, values, null, nulls);
    }
}
