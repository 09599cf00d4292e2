package io.signo.core.operator.join;

import io.signo.core.operator.kernel.AddressGather;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.util.List;

/**
 * Makes a join's output pages, the probe output columns followed by the build output columns, from
 * each kind of row a join puts out: pairs of a {@link PairBatch}, the pairs a residual filter passed,
 * probe rows with NULL build columns, probe rows alone, and rows of one build page with NULL probe
 * columns.
 */
final class JoinOutputBuilder
{
    private final int[] probeOutputChannels;
    private final int[] buildOutputChannels;
    private final List<Type> probeTypes;
    private final int probeChannelCount;
    private final LookupSource source;

    /**
     * @param probeTypes the types of all probe input columns
     * @param buildOutputChannels among the build columns; none for outputs of probe rows alone
     */
    JoinOutputBuilder(int[] probeOutputChannels, int[] buildOutputChannels, List<Type> probeTypes, LookupSource source)
    {
        this.probeOutputChannels = probeOutputChannels.clone();
        this.buildOutputChannels = buildOutputChannels.clone();
        this.probeTypes = List.copyOf(probeTypes);
        this.probeChannelCount = probeTypes.size();
        this.source = source;
    }

    private int columnCount()
    {
        return probeOutputChannels.length + buildOutputChannels.length;
    }

    /** Every pair of {@code batch}: the probe columns of {@code probe} at its positions, the build columns at its addresses. */
    Page pairs(Page probe, PairBatch batch, PageAllocator allocator)
    {
        int count = batch.count();
        ColumnVector[] columns = new ColumnVector[columnCount()];
        int[] probeRows = batch.probeRows(probe);
        for (int i = 0; i < probeOutputChannels.length; i++) {
            columns[i] = probe.column(probeOutputChannels[i]).copyPositions(probeRows, count, allocator);
        }
        for (int i = 0; i < buildOutputChannels.length; i++) {
            columns[probeOutputChannels.length + i] = batch.gatherBuild(source, buildOutputChannels[i], allocator);
        }
        return new Page(count, columns);
    }

    /** The rows {@code pairs[0 .. count)} of a {@linkplain PairBatch#pairPage pair page}. */
    Page passingPairs(Page pairPage, int[] pairs, int count, PageAllocator allocator)
    {
        ColumnVector[] columns = new ColumnVector[columnCount()];
        for (int i = 0; i < probeOutputChannels.length; i++) {
            columns[i] = pairPage.column(probeOutputChannels[i]).copyPositions(pairs, count, allocator);
        }
        for (int i = 0; i < buildOutputChannels.length; i++) {
            columns[probeOutputChannels.length + i] = pairPage.column(probeChannelCount + buildOutputChannels[i]).copyPositions(pairs, count, allocator);
        }
        return new Page(count, columns);
    }

    /** The probe rows at {@code positions} (overwritten with their rows), build columns NULL. */
    Page probeRowsWithNullBuild(Page probe, int[] positions, PageAllocator allocator)
    {
        int count = positions.length;
        ColumnVector[] columns = new ColumnVector[columnCount()];
        copyProbeColumns(probe, positions, columns, allocator);
        List<Type> buildTypes = source.types();
        for (int i = 0; i < buildOutputChannels.length; i++) {
            columns[probeOutputChannels.length + i] = AddressGather.nulls(buildTypes.get(buildOutputChannels[i]), count, allocator);
        }
        return new Page(count, columns);
    }

    /** The probe output columns alone at {@code positions} (overwritten with their rows). */
    Page probeRows(Page probe, int[] positions, PageAllocator allocator)
    {
        ColumnVector[] columns = new ColumnVector[probeOutputChannels.length];
        copyProbeColumns(probe, positions, columns, allocator);
        return new Page(positions.length, columns);
    }

    private void copyProbeColumns(Page probe, int[] positions, ColumnVector[] columns, PageAllocator allocator)
    {
        int count = positions.length;
        int[] probeRows = probe.rowsAt(positions, count, positions);
        for (int i = 0; i < probeOutputChannels.length; i++) {
            columns[i] = probe.column(probeOutputChannels[i]).copyPositions(probeRows, count, allocator);
        }
    }

    /** Rows {@code positions[0 .. count)} of build page {@code buildPage}, probe columns NULL. */
    Page buildRowsWithNullProbe(int buildPage, int[] positions, int count, PageAllocator allocator)
    {
        ColumnVector[] columns = new ColumnVector[columnCount()];
        for (int i = 0; i < probeOutputChannels.length; i++) {
            columns[i] = AddressGather.nulls(probeTypes.get(probeOutputChannels[i]), count, allocator);
        }
        for (int i = 0; i < buildOutputChannels.length; i++) {
            columns[probeOutputChannels.length + i] = source.columns(buildOutputChannels[i])[buildPage].copyPositions(positions, count, allocator);
        }
        return new Page(count, columns);
    }
}
