package io.signo.sql.cost;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.rel.metadata.ChainedRelMetadataProvider;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.JaninoRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.MetadataHandlerProvider;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

import java.util.List;

/**
 * Signo's planner metadata: row counts, distinct counts and selectivities from table statistics,
 * an INTERSECT's and a join's predicates where Calcite's own fail ({@link GuardedPredicates}), an anti join's
 * most rows ({@link AntiJoinMaxRowCount}), ahead of Calcite's defaults for everything else. For each node class Calcite calls the first
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
            AntiJoinMaxRowCount.SOURCE,
            DefaultRelMetadataProvider.INSTANCE));

    /** Compiled once: Janino generates the dispatch code per provider, which takes a while. */
    private static final JaninoRelMetadataProvider COMPILED = JaninoRelMetadataProvider.of(INSTANCE);

    /**
     * The compiled handlers, handed to every metadata query from the start. Calcite's own provider
     * gives a new query a placeholder proxy per kind of metadata (about 25 proxies made by
     * reflection) that fails on first use and is then swapped for the compiled handler from a
     * synchronized cache; the rule planners make a new query after every rule that changes the
     * plan, so that was several percent of planning. The compiled handlers hold no state of a
     * query (each call is given its query), so one of each serves every query and thread.
     */
    private static final MetadataHandlerProvider HANDLERS = new CompiledHandlers();

    private SignoRelMetadataProvider() {}

    /** Each kind of metadata's compiled handler, made once. */
    private static final class CompiledHandlers
            implements MetadataHandlerProvider
    {
        private final ClassValue<MetadataHandler<?>> handlers = new ClassValue<>()
        {
            @Override
            @SuppressWarnings("unchecked")
            protected MetadataHandler<?> computeValue(Class<?> handlerClass)
            {
                return COMPILED.revise((Class<? extends MetadataHandler<?>>) handlerClass);
            }
        };

        @Override
        public <MH extends MetadataHandler<?>> MH handler(Class<MH> handlerClass)
        {
            return handlerClass.cast(handlers.get(handlerClass));
        }

        @Override
        public <MH extends MetadataHandler<?>> MH revise(Class<MH> handlerClass)
        {
            // the compiled handler covers every node class, so there is nothing to revise
            return handler(handlerClass);
        }
    }

    /**
     * Makes every metadata query on the cluster use Signo's statistics: the planner rules (join
     * ordering included) and the physical planner all ask {@link RelOptCluster#getMetadataQuery()}.
     * The query supplier names the provider itself rather than rely on Calcite's thread-local
     * default, which the next cluster created on the same thread would reset.
     */
    public static void install(RelOptCluster cluster)
    {
        cluster.setMetadataProvider(INSTANCE);
        cluster.setMetadataQuerySupplier(() -> new RelMetadataQuery(HANDLERS));
        cluster.invalidateMetadataQuery();
    }
}
