package io.signo.core.operator.window;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.aggregation.GroupByHash;
import io.signo.core.operator.kernel.AddressGather;
import io.signo.core.operator.kernel.PageAddresses;
import io.signo.core.operator.sort.AddressSort;
import io.signo.core.operator.sort.OrderByOperator;
import io.signo.core.operator.sort.RowComparator;
import io.signo.core.operator.sort.SortOrder;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The rows of each partition whose ROW_NUMBER, RANK or DENSE_RANK is at most {@code maxRank}, with
 * that rank: {@code ... WHERE rn <= n} over {@code ROW_NUMBER() OVER (PARTITION BY k ORDER BY x) rn}
 * without sorting whole partitions. The partition keys are hashed a page at a time to group ids
 * ({@link GroupByHash}); each group keeps a heap of page addresses whose root is the worst row kept,
 * in one shared primitive array, so a row that cannot make the cut costs one comparison with its
 * group's root. ROW_NUMBER keeps exactly {@code maxRank} rows per group (among ties, any). RANK and
 * DENSE_RANK keep every row tied with the last one that makes the cut: their heaps hold candidates,
 * pruned to the exact set (sorted, cut after the n-th row or peer group and its ties) when they
 * reach twice what the last pruning kept. A page is dropped once none of its rows is kept; when the
 * kept pages hold many more rows than the heaps, the kept rows are compacted into one page.
 *
 * <p>On finish it emits each group's kept rows in order followed by their rank. A partial step (before
 * the exchange that brings each partition to one driver) emits the rows only, and also whenever it
 * holds more than {@link #PARTIAL_FLUSH_BYTES}: a row it drops ranks past {@code maxRank} among its
 * driver's rows already, so also among all.
 */
public final class TopNPerPartitionOperator
        implements Operator
{
    /** Above this, a partial step emits what it holds and starts afresh, so that it never holds many partitions. */
    static final long PARTIAL_FLUSH_BYTES = 16L << 20;
    /** What one input row can add at most, reserved for every row of a page before it is added: a heap slot and its block's growth, a group's arrays and hash entry. */
    private static final long RESERVED_BYTES_PER_ROW = 128;
    private static final int MINIMUM_PRUNE_SIZE = 8;

    public static final class TopNPerPartitionOperatorFactory
            implements OperatorFactory
    {
        private final List<Integer> partitionChannels;
        private final List<Integer> sortChannels;
        private final List<SortOrder> orders;
        private final WindowFunctionKind ranking;
        private final int maxRank;
        private final boolean partial;
        private final Type rankType;
        private final List<Type> types;
        private final long partialFlushBytes;

        /**
         * @param ranking ROW_NUMBER, RANK or DENSE_RANK
         * @param rankType the type of the rank column the final step appends (INTEGER or BIGINT)
         * @param types the types of all input columns
         */
        public TopNPerPartitionOperatorFactory(List<Integer> partitionChannels, List<Integer> sortChannels, List<SortOrder> orders, WindowFunctionKind ranking,
                int maxRank, boolean partial, Type rankType, List<Type> types)
        {
            this(partitionChannels, sortChannels, orders, ranking, maxRank, partial, rankType, types, PARTIAL_FLUSH_BYTES);
        }

        /** @param partialFlushBytes what a partial step holds at most before it emits its rows */
        TopNPerPartitionOperatorFactory(List<Integer> partitionChannels, List<Integer> sortChannels, List<SortOrder> orders, WindowFunctionKind ranking,
                int maxRank, boolean partial, Type rankType, List<Type> types, long partialFlushBytes)
        {
            this.partialFlushBytes = partialFlushBytes;
            this.partitionChannels = List.copyOf(requireNonNull(partitionChannels, "partitionChannels is null"));
            this.sortChannels = List.copyOf(requireNonNull(sortChannels, "sortChannels is null"));
            this.orders = List.copyOf(requireNonNull(orders, "orders is null"));
            this.ranking = requireNonNull(ranking, "ranking is null");
            this.rankType = requireNonNull(rankType, "rankType is null");
            this.types = List.copyOf(requireNonNull(types, "types is null"));
            this.maxRank = maxRank;
            this.partial = partial;
            if (sortChannels.size() != orders.size()) {
                throw new IllegalArgumentException("sortChannels has " + sortChannels.size() + " entries, orders " + orders.size());
            }
            if (ranking != WindowFunctionKind.ROW_NUMBER && ranking != WindowFunctionKind.RANK && ranking != WindowFunctionKind.DENSE_RANK) {
                throw new IllegalArgumentException("not ROW_NUMBER, RANK or DENSE_RANK: " + ranking);
            }
            if (maxRank < 0) {
                throw new IllegalArgumentException("maxRank is negative: " + maxRank);
            }
            if (rankType.physicalType() != PhysicalType.INT && rankType.physicalType() != PhysicalType.LONG) {
                throw new IllegalArgumentException("a rank is an INTEGER or BIGINT, not " + rankType);
            }
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new TopNPerPartitionOperator(context, this);
        }

        @Override
        public String name()
        {
            return partial ? "TopNPerPartitionPartial" : "TopNPerPartition";
        }
    }

    private final OperatorContext context;
    private final TopNPerPartitionOperatorFactory factory;
    private final WindowFunctionKind ranking;
    private final int maxRank;
    private final int[] partitionChannels;
    private final List<Type> partitionTypes;
    private final RowComparator comparator;
    private final int initialPruneSize;

    private GroupByHash hash;
    private int[] singleGroupIds = new int[0];
    private int groupCount;

    private final List<Page> pages = new ArrayList<>();
    private int currentPage = -1;
    private int[] keptRowsByPage = new int[8];
    private long keptPagePositions;
    private long keptPageBytes;
    private long keptRows;

    /** The heaps, one block of {@link #slots} per group: its start, size (rows kept) and capacity. */
    private long[] slots = new long[0];
    private int slotsUsed;
    private int[] heapStart = new int[0];
    private int[] heapSize = new int[0];
    private int[] heapCapacity = new int[0];
    /** RANK and DENSE_RANK: the heap size at which a group is pruned next. */
    private int[] pruneAt = new int[0];
    /** DENSE_RANK: at least this many distinct peer groups are in the heap. */
    private int[] peerGroupsAtLeast = new int[0];
    private long[] scratch = new long[0];

    private boolean finishing;
    private boolean flushing;
    private long[] outputAddresses;
    private long[] outputRanks;
    private int outputCount;
    private int nextOutput;
    private boolean done;

    private TopNPerPartitionOperator(OperatorContext context, TopNPerPartitionOperatorFactory factory)
    {
        this.context = requireNonNull(context, "context is null");
        this.factory = factory;
        this.ranking = factory.ranking;
        this.maxRank = factory.maxRank;
        this.partitionChannels = factory.partitionChannels.stream().mapToInt(Integer::intValue).toArray();
        this.partitionTypes = factory.partitionChannels.stream().map(factory.types::get).toList();
        this.comparator = new RowComparator(factory.sortChannels, factory.orders, factory.types);
        this.initialPruneSize = (int) Math.min(Integer.MAX_VALUE, Math.max(2L * maxRank, MINIMUM_PRUNE_SIZE));
    }

    @Override
    public boolean needsInput()
    {
        return !finishing && !flushing;
    }

    @Override
    public void addInput(Page page)
    {
        int positionCount = page.positionCount();
        if (positionCount == 0 || maxRank == 0) {
            return;
        }
        // reserve before growing: room for every row to be kept in a new group
        context.memory().setBytes(retainedBytes() + page.retainedBytes() + positionCount * RESERVED_BYTES_PER_ROW);
        int pageIndex = pages.size();
        pages.add(page);
        comparator.setPage(pageIndex, page);
        if (pageIndex >= keptRowsByPage.length) {
            keptRowsByPage = Arrays.copyOf(keptRowsByPage, pageIndex * 2);
        }
        keptPagePositions += positionCount;
        keptPageBytes += page.retainedBytes();
        currentPage = pageIndex;

        int[] groupIds = groupIds(page);
        ensureGroups(groupCount());
        for (int position = 0; position < positionCount; position++) {
            long address = PageAddresses.encode(pageIndex, position);
            if (ranking == WindowFunctionKind.ROW_NUMBER) {
                addRowNumbered(groupIds[position], address);
            }
            else {
                addRanked(groupIds[position], address);
            }
        }
        currentPage = -1;
        if (keptRowsByPage[pageIndex] == 0) {
            dropPage(pageIndex);
        }
        if (keptPagePositions > Math.max(2 * keptRows, OrderByOperator.MAX_OUTPUT_ROWS)) {
            compact();
        }
        else if (slotsUsed > Math.max(4 * keptRows, 1024)) {
            compactSlots();
        }
        context.memory().setBytes(retainedBytes());
        if (factory.partial && retainedBytes() > factory.partialFlushBytes) {
            flushing = true;
            prepareOutput();
        }
    }

    private int[] groupIds(Page page)
    {
        if (partitionChannels.length > 0) {
            if (hash == null) {
                hash = GroupByHash.create(partitionTypes);
            }
            return hash.groupIds(page, partitionChannels);
        }
        if (singleGroupIds.length < page.positionCount()) {
            singleGroupIds = new int[page.positionCount()];
        }
        return singleGroupIds;
    }

    private int groupCount()
    {
        return partitionChannels.length == 0 ? 1 : hash.groupCount();
    }

    private void ensureGroups(int count)
    {
        if (count <= heapStart.length) {
            groupCount = count;
            return;
        }
        int capacity = Math.max(count, heapStart.length * 2);
        heapStart = Arrays.copyOf(heapStart, capacity);
        heapSize = Arrays.copyOf(heapSize, capacity);
        heapCapacity = Arrays.copyOf(heapCapacity, capacity);
        if (ranking != WindowFunctionKind.ROW_NUMBER) {
            int oldLength = pruneAt.length;
            pruneAt = Arrays.copyOf(pruneAt, capacity);
            Arrays.fill(pruneAt, oldLength, capacity, initialPruneSize);
            peerGroupsAtLeast = Arrays.copyOf(peerGroupsAtLeast, capacity);
        }
        groupCount = count;
    }

    /** ROW_NUMBER: a full heap takes a row only in place of its root, a row it orders after. */
    private void addRowNumbered(int group, long address)
    {
        int size = heapSize[group];
        if (size < maxRank) {
            push(group, address);
            return;
        }
        int start = heapStart[group];
        if (comparator.compare(address, slots[start]) < 0) {
            long evicted = slots[start];
            slots[start] = address;
            siftDown(start, size);
            keptRows++;
            keptRowsByPage[PageAddresses.pageIndex(address)]++;
            release(evicted);
        }
    }

    /**
     * RANK and DENSE_RANK: a row after the root (the worst candidate) ranks past the cut once there are
     * {@code maxRank} candidates (peer groups for DENSE_RANK) before it; any other row is a candidate.
     */
    private void addRanked(int group, long address)
    {
        int size = heapSize[group];
        if (size > 0) {
            if (comparator.compare(address, slots[heapStart[group]]) > 0) {
                if ((ranking == WindowFunctionKind.RANK ? size : peerGroupsAtLeast[group]) >= maxRank) {
                    return;
                }
                // after every candidate: a peer group of its own
                peerGroupsAtLeast[group]++;
            }
        }
        else {
            peerGroupsAtLeast[group] = 1;
        }
        push(group, address);
        if (heapSize[group] >= pruneAt[group]) {
            prune(group);
        }
    }

    private void push(int group, long address)
    {
        int size = heapSize[group];
        if (size == heapCapacity[group]) {
            growHeap(group);
        }
        int start = heapStart[group];
        slots[start + size] = address;
        siftUp(start, size);
        heapSize[group] = size + 1;
        keptRows++;
        keptRowsByPage[PageAddresses.pageIndex(address)]++;
    }

    /** Moves the group's heap to a new block twice its size at the end of the slots; the old block is reclaimed by {@link #compactSlots}. */
    private void growHeap(int group)
    {
        int capacity = heapCapacity[group];
        long grown = capacity == 0 ? 4 : capacity * 2L;
        if (ranking == WindowFunctionKind.ROW_NUMBER) {
            grown = Math.min(grown, maxRank);
        }
        int newCapacity = (int) Math.min(grown, Integer.MAX_VALUE - 16);
        if ((long) slotsUsed + newCapacity > slots.length) {
            long length = Math.max((long) slotsUsed + newCapacity, slots.length + (slots.length >> 1));
            slots = Arrays.copyOf(slots, Math.toIntExact(Math.min(length, Integer.MAX_VALUE - 16)));
        }
        System.arraycopy(slots, heapStart[group], slots, slotsUsed, heapSize[group]);
        heapStart[group] = slotsUsed;
        heapCapacity[group] = newCapacity;
        slotsUsed += newCapacity;
    }

    /** Keeps the group's candidates that make the cut: sorted, then rewritten worst first, which is a heap. */
    private void prune(int group)
    {
        int size = heapSize[group];
        int start = heapStart[group];
        long[] sorted = sortedHeap(group);
        int keep = size;
        if (ranking == WindowFunctionKind.RANK) {
            if (size > maxRank) {
                keep = maxRank;
                while (keep < size && comparator.compare(sorted[keep - 1], sorted[keep]) == 0) {
                    keep++;
                }
            }
        }
        else {
            int peerGroups = 1;
            for (int i = 1; i < size; i++) {
                if (comparator.compare(sorted[i - 1], sorted[i]) != 0 && ++peerGroups > maxRank) {
                    keep = i;
                    peerGroups = maxRank;
                    break;
                }
            }
            peerGroupsAtLeast[group] = peerGroups;
        }
        for (int i = keep; i < size; i++) {
            release(sorted[i]);
        }
        for (int i = 0; i < keep; i++) {
            slots[start + i] = sorted[keep - 1 - i];
        }
        heapSize[group] = keep;
        pruneAt[group] = (int) Math.min(Integer.MAX_VALUE, Math.max(2L * keep, initialPruneSize));
    }

    /** The group's rows, best first, in {@link #scratch}. */
    private long[] sortedHeap(int group)
    {
        int size = heapSize[group];
        if (scratch.length < size) {
            scratch = new long[Math.max(size, scratch.length * 2)];
        }
        System.arraycopy(slots, heapStart[group], scratch, 0, size);
        AddressSort.sort(scratch, size, comparator);
        return scratch;
    }

    /** A kept row leaves its heap; its page is dropped once it keeps no row, unless it is the page being added. */
    private void release(long address)
    {
        keptRows--;
        int page = PageAddresses.pageIndex(address);
        if (--keptRowsByPage[page] == 0 && page != currentPage) {
            dropPage(page);
        }
    }

    private void dropPage(int pageIndex)
    {
        Page page = pages.set(pageIndex, null);
        comparator.setPage(pageIndex, null);
        keptPagePositions -= page.positionCount();
        keptPageBytes -= page.retainedBytes();
    }

    /** The heap's root is the worst row kept: a parent compares greater than or equal to its children. */
    private void siftUp(int start, int index)
    {
        long value = slots[start + index];
        while (index > 0) {
            int parent = (index - 1) >>> 1;
            if (comparator.compare(slots[start + parent], value) >= 0) {
                break;
            }
            slots[start + index] = slots[start + parent];
            index = parent;
        }
        slots[start + index] = value;
    }

    private void siftDown(int start, int size)
    {
        long value = slots[start];
        int index = 0;
        while (true) {
            int child = 2 * index + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && comparator.compare(slots[start + child + 1], slots[start + child]) > 0) {
                child++;
            }
            if (comparator.compare(value, slots[start + child]) >= 0) {
                break;
            }
            slots[start + index] = slots[start + child];
            index = child;
        }
        slots[start + index] = value;
    }

    /** Copies the kept rows into one page, group after group in heap order, so every heap stays a heap; the slots become contiguous. */
    private void compact()
    {
        int rowCount = Math.toIntExact(keptRows);
        long[] addresses = new long[rowCount];
        long[] compactedSlots = new long[rowCount];
        int next = 0;
        for (int group = 0; group < groupCount; group++) {
            int size = heapSize[group];
            System.arraycopy(slots, heapStart[group], addresses, next, size);
            heapStart[group] = next;
            heapCapacity[group] = size;
            for (int i = 0; i < size; i++) {
                compactedSlots[next + i] = PageAddresses.encode(0, next + i);
            }
            next += size;
        }
        // the compacted page is held beside the pages it replaces until they are dropped
        long compactedBytes = keptPagePositions == 0 ? 0 : (long) (keptPageBytes * ((double) rowCount / keptPagePositions));
        context.memory().setBytes(retainedBytes() + compactedBytes + (long) rowCount * Long.BYTES * 2);
        Page compacted = gather(addresses, 0, rowCount, PageAllocator.transientPages(), factory.types.size());
        pages.clear();
        comparator.clear();
        Arrays.fill(keptRowsByPage, 0);
        pages.add(compacted);
        comparator.setPage(0, compacted);
        keptRowsByPage[0] = rowCount;
        keptPagePositions = rowCount;
        keptPageBytes = compacted.retainedBytes();
        slots = compactedSlots;
        slotsUsed = rowCount;
    }

    /** Moves the heaps into a fresh array without the blocks they outgrew. */
    private void compactSlots()
    {
        long[] compactedSlots = new long[Math.toIntExact(keptRows)];
        int next = 0;
        for (int group = 0; group < groupCount; group++) {
            int size = heapSize[group];
            System.arraycopy(slots, heapStart[group], compactedSlots, next, size);
            heapStart[group] = next;
            heapCapacity[group] = size;
            next += size;
        }
        slots = compactedSlots;
        slotsUsed = next;
    }

    /** The kept rows that make the cut, each group in order, with their ranks. */
    private void prepareOutput()
    {
        context.memory().setBytes(retainedBytes() + keptRows * Long.BYTES * 3);
        outputAddresses = new long[Math.toIntExact(keptRows)];
        outputRanks = new long[outputAddresses.length];
        outputCount = 0;
        nextOutput = 0;
        for (int group = 0; group < groupCount; group++) {
            int size = heapSize[group];
            long[] sorted = sortedHeap(group);
            long rank = 0;
            for (int i = 0; i < size; i++) {
                boolean newPeerGroup = i == 0 || comparator.compare(sorted[i - 1], sorted[i]) != 0;
                rank = switch (ranking) {
                    case ROW_NUMBER -> i + 1;
                    case RANK -> newPeerGroup ? i + 1 : rank;
                    default -> newPeerGroup ? rank + 1 : rank;
                };
                if (rank > maxRank) {
                    break;
                }
                outputAddresses[outputCount] = sorted[i];
                outputRanks[outputCount++] = rank;
            }
        }
        context.memory().setBytes(retainedBytes());
    }

    @Override
    public void finish()
    {
        finishing = true;
    }

    @Override
    public Page getOutput()
    {
        if (done || !(finishing || flushing)) {
            return null;
        }
        if (outputAddresses == null) {
            prepareOutput();
        }
        if (nextOutput < outputCount) {
            int count = Math.min(OrderByOperator.MAX_OUTPUT_ROWS, outputCount - nextOutput);
            Page page = gather(outputAddresses, nextOutput, count, context.allocator(), factory.types.size());
            if (!factory.partial) {
                VectorBuilder ranks = new VectorBuilder(factory.rankType, count);
                for (int i = nextOutput; i < nextOutput + count; i++) {
                    if (factory.rankType.physicalType() == PhysicalType.INT) {
                        ranks.appendInt((int) outputRanks[i]);
                    }
                    else {
                        ranks.appendLong(outputRanks[i]);
                    }
                }
                page = page.appendColumns(new Page(count, ranks.build()));
            }
            nextOutput += count;
            return page;
        }
        if (finishing) {
            release();
        }
        else {
            clear();
            context.memory().setBytes(0);
            flushing = false;
        }
        return null;
    }

    private Page gather(long[] addresses, int from, int count, PageAllocator allocator, int columnCount)
    {
        long[] batch = from == 0 && count == addresses.length ? addresses : Arrays.copyOfRange(addresses, from, from + count);
        ColumnVector[] columns = new ColumnVector[columnCount];
        ColumnVector[] byPage = new ColumnVector[pages.size()];
        for (int channel = 0; channel < columnCount; channel++) {
            for (int page = 0; page < byPage.length; page++) {
                Page source = pages.get(page);
                byPage[page] = source == null ? null : source.column(channel);
            }
            columns[channel] = AddressGather.gather(factory.types.get(channel), byPage, batch, count, allocator);
        }
        return new Page(count, columns);
    }

    /** The memory held: pages, heaps, the groups' arrays and hash, and the output's addresses. */
    private long retainedBytes()
    {
        long bytes = keptPageBytes + (long) slots.length * Long.BYTES + (long) scratch.length * Long.BYTES * 2 + (long) keptRowsByPage.length * Integer.BYTES
                + (long) (heapStart.length + heapSize.length + heapCapacity.length + pruneAt.length + peerGroupsAtLeast.length) * Integer.BYTES
                + (long) singleGroupIds.length * Integer.BYTES;
        if (hash != null) {
            bytes += hash.retainedBytes();
        }
        if (outputAddresses != null) {
            bytes += (long) outputAddresses.length * Long.BYTES * 2;
        }
        return bytes;
    }

    /** Forgets every row and group, as the operator was before its first page. */
    private void clear()
    {
        hash = null;
        groupCount = 0;
        pages.clear();
        comparator.clear();
        keptRowsByPage = new int[8];
        keptPagePositions = 0;
        keptPageBytes = 0;
        keptRows = 0;
        slots = new long[0];
        slotsUsed = 0;
        heapStart = new int[0];
        heapSize = new int[0];
        heapCapacity = new int[0];
        pruneAt = new int[0];
        peerGroupsAtLeast = new int[0];
        scratch = new long[0];
        outputAddresses = null;
        outputRanks = null;
        outputCount = 0;
        nextOutput = 0;
    }

    private void release()
    {
        done = true;
        clear();
        context.memory().setBytes(0);
    }

    @Override
    public boolean isFinished()
    {
        return done;
    }

    @Override
    public void close()
    {
        release();
    }
}
