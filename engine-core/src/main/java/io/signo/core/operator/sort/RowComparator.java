package io.signo.core.operator.sort;

import io.signo.core.expression.DoubleOrder;
import io.signo.core.operator.kernel.KeyHashing;
import io.signo.core.operator.kernel.PageAddresses;
import io.signo.storage.page.Page;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.util.Arrays;
import java.util.List;

/**
 * Compares rows of retained pages by their page addresses on the sort keys. Strings compare by UTF-8
 * bytes (code point order); CHAR values are stored without trailing spaces, so the same byte order
 * ignores pad spaces. Doubles order as {@link DoubleOrder#compare} (NaN last, -0.0 equal to 0.0). A final class with primitive
 * arguments, so sorting never boxes.
 */
public final class RowComparator
{
    private final int[] sortChannels;
    private final boolean[] ascending;
    private final boolean[] nullsFirst;
    private final PhysicalType[] physicalTypes;
    private ColumnVector[][] columns;
    private int pageCapacity = 8;

    public RowComparator(List<Integer> sortChannels, List<SortOrder> orders, List<Type> types)
    {
        if (sortChannels.size() != orders.size()) {
            throw new IllegalArgumentException("sortChannels has " + sortChannels.size() + " entries, orders " + orders.size());
        }
        int keyCount = sortChannels.size();
        this.sortChannels = new int[keyCount];
        this.ascending = new boolean[keyCount];
        this.nullsFirst = new boolean[keyCount];
        this.physicalTypes = new PhysicalType[keyCount];
        for (int key = 0; key < keyCount; key++) {
            this.sortChannels[key] = sortChannels.get(key);
            this.ascending[key] = orders.get(key).ascending();
            this.nullsFirst[key] = orders.get(key).nullsFirst();
            this.physicalTypes[key] = types.get(this.sortChannels[key]).physicalType();
        }
        this.columns = new ColumnVector[keyCount][8];
    }

    /** Registers {@code page} as page index {@code pageIndex} of the addresses compared. */
    public void setPage(int pageIndex, Page page)
    {
        if (pageIndex >= pageCapacity) {
            int capacity = Math.max(pageIndex + 1, pageCapacity * 2);
            pageCapacity = capacity;
            for (int key = 0; key < columns.length; key++) {
                columns[key] = Arrays.copyOf(columns[key], capacity);
            }
        }
        for (int key = 0; key < columns.length; key++) {
            columns[key][pageIndex] = page == null ? null : page.column(sortChannels[key]);
        }
    }

    /** Forgets every registered page. */
    public void clear()
    {
        for (ColumnVector[] byPage : columns) {
            Arrays.fill(byPage, null);
        }
    }

    public int compare(long left, long right)
    {
        int leftPage = PageAddresses.pageIndex(left);
        int rightPage = PageAddresses.pageIndex(right);
        int leftPosition = PageAddresses.position(left);
        int rightPosition = PageAddresses.position(right);
        for (int key = 0; key < sortChannels.length; key++) {
            ColumnVector leftColumn = columns[key][leftPage];
            ColumnVector rightColumn = columns[key][rightPage];
            boolean leftNull = leftColumn.isNull(leftPosition);
            boolean rightNull = rightColumn.isNull(rightPosition);
            if (leftNull || rightNull) {
                if (leftNull && rightNull) {
                    continue;
                }
                return leftNull == nullsFirst[key] ? -1 : 1;
            }
            int comparison = switch (physicalTypes[key]) {
                case BYTE -> Boolean.compare(leftColumn.getBoolean(leftPosition), rightColumn.getBoolean(rightPosition));
                case INT -> Integer.compare(leftColumn.getInt(leftPosition), rightColumn.getInt(rightPosition));
                case LONG -> Long.compare(leftColumn.getLong(leftPosition), rightColumn.getLong(rightPosition));
                case DOUBLE -> DoubleOrder.compare(leftColumn.getDouble(leftPosition), rightColumn.getDouble(rightPosition));
                case INT128 -> Int128Math.compare(leftColumn.getInt128High(leftPosition), leftColumn.getInt128Low(leftPosition),
                        rightColumn.getInt128High(rightPosition), rightColumn.getInt128Low(rightPosition));
                case BYTES -> KeyHashing.compareBytes(
                        leftColumn.values(), leftColumn.stringStart(leftPosition), leftColumn.stringLength(leftPosition),
                        rightColumn.values(), rightColumn.stringStart(rightPosition), rightColumn.stringLength(rightPosition));
            };
            if (comparison != 0) {
                return ascending[key] ? comparison : -comparison;
            }
        }
        return 0;
    }
}
