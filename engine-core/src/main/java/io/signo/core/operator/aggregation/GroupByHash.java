package io.signo.core.operator.aggregation;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.VectorBuilder;

import java.util.List;

/**
 * Maps the group key columns of each page to dense group ids 0 .. groupCount - 1 and keeps the keys
 * of every group, columnar, to write them out at the end. NULL keys are equal to each other.
 */
public interface GroupByHash
{
    static GroupByHash create(List<Type> keyTypes)
    {
        return create(keyTypes, 0);
    }

    /**
     * A hash for keys of these types; one that is a single INTEGER-like key is made for
     * {@code expectedGroups} groups at once (0 for none expected), the others grow as groups come.
     */
    static GroupByHash create(List<Type> keyTypes, int expectedGroups)
    {
        if (hasLongKey(keyTypes)) {
            return new LongGroupByHash(keyTypes.get(0), expectedGroups);
        }
        PackedKeyLayout layout = PackedKeyLayout.of(keyTypes);
        if (layout != null) {
            if (PackedKeyLayout.hasUnboundedString(keyTypes)) {
                // a file's VARCHAR has no length, and its flags and codes are one byte (TPC-H Q1 groups on two):
                // one-byte fields keep such keys in one word, and the first longer string moves the groups to the wide fields
                PackedKeyLayout narrow = PackedKeyLayout.of(keyTypes, 1);
                if (narrow != null) {
                    return new PackedGroupByHash(keyTypes, narrow, layout);
                }
            }
            return new PackedGroupByHash(keyTypes, layout, null);
        }
        return new MultiChannelGroupByHash(keyTypes);
    }

    /** Whether the keys are one INTEGER, BIGINT, DATE, DECIMAL, TIMESTAMP, TIME or INTERVAL column, which {@link LongGroupByHash} holds. */
    static boolean hasLongKey(List<Type> keyTypes)
    {
        if (keyTypes.size() != 1) {
            return false;
        }
        TypeKind kind = keyTypes.get(0).kind();
        if (keyTypes.get(0).isLongDecimal()) {
            return false;
        }
        return kind == TypeKind.INTEGER || kind == TypeKind.BIGINT || kind == TypeKind.DATE || kind == TypeKind.DECIMAL || kind == TypeKind.TIMESTAMP
                || keyTypes.get(0).isTimeOrInterval();
    }

    /**
     * Assigns a group id to each position of {@code page}, adding new groups as needed. The key of
     * column c is {@code page.column(keyChannels[c])}. Returns an array whose first
     * {@code page.positionCount()} entries are the ids; it is reused by the next call.
     */
    int[] groupIds(Page page, int[] keyChannels);

    /** True when {@link #groupIds} reads a {@linkplain Page#selected selected page} through its rows. */
    default boolean readsSelectedRows()
    {
        return false;
    }

    /** {@link #groupIds} for any page: a selected one is given to a hash that does not read through rows as its key columns copied. */
    static int[] groupIdsOfDenseKeys(GroupByHash hash, Page page, int[] keyChannels)
    {
        if (!page.isSelected() || hash.readsSelectedRows()) {
            return hash.groupIds(page, keyChannels);
        }
        int[] denseChannels = new int[keyChannels.length];
        for (int i = 0; i < denseChannels.length; i++) {
            denseChannels[i] = i;
        }
        return hash.groupIds(page.selectColumns(keyChannels).compact(PageAllocator.transientPages()), denseChannels);
    }

    int groupCount();

    /** Appends the keys of groups {@code from .. to - 1}, one builder per key column. */
    void appendKeys(int from, int to, VectorBuilder[] builders);

    long retainedBytes();
}
