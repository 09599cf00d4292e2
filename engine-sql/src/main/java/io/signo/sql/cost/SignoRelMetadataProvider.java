package io.signo.sql.cost;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.rel.metadata.ChainedRelMetadataProvider;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.JaninoRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

import java.util.List;

/**
 * Signo's planner metadata: row counts, distinct counts and selectivities from table statistics,
 * an INTERSECT's and a join's predicates where Calcite's own fail ({@link GuardedPredicates}), ahead of Calcite's defaults for everything else. For each node class Calcite calls the first
 * handler in this chain that declares that class, so a Signo handler replaces the default for the
 * classes it declares and leaves the others alone.
 */
public final class SignoRelMetadataProvider
{
    public static final RelMetadataProvider INSTANCE = ChainedRelMetadataProvider.of(List.of(
            StatisticsRowCount.SOURCE,
            StatisticsDistinctRowCount.SOURCE,
            StatisticsSelectivity.SOURCE,
            GuardedPredicates.SOURCE,
            DefaultRelMetadataProvider.INSTANCE));

    /** Compiled once: Janino generates the dispatch code per provider, which takes a while. */
    private static final JaninoRelMetadataProvider COMPILED = JaninoRelMetadataProvider.of(INSTANCE);

    private SignoRelMetadataProvider() {}

    /**
     * Makes every metadata query on the cluster use Signo's statistics: the planner rules (join
     * ordering included) and the physical planner all ask {@link RelOptCluster#getMetadataQuery()}.
     * The query supplier names the provider itself rather than rely on Calcite's thread-local
     * default, which the next cluster created on the same thread would reset.
     */
    public static void install(RelOptCluster cluster)
    {
        cluster.setMetadataProvider(INSTANCE);
        cluster.setMetadataQuerySupplier(() -> new RelMetadataQuery(COMPILED));
        cluster.invalidateMetadataQuery();
    }
}
