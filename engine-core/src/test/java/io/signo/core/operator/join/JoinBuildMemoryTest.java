package io.signo.core.operator.join;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.join.HashBuilderOperator.HashBuilderOperatorFactory;
import io.signo.core.operator.join.LookupJoinOperator.LookupJoinOperatorFactory;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;

import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A hash build is counted against its query while anything can still read it: from the handover of its pages until the last probe closed. */
class JoinBuildMemoryTest
{
    private static final List<Type> BUILD_TYPES = List.of(Type.BIGINT, Type.VARCHAR, Type.BIGINT);
    private static final List<Type> PROBE_TYPES = List.of(Type.BIGINT);

    private static Page buildPage(long firstKey, int rows)
    {
        List<List<Object>> values = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            values.add(row(firstKey + i, "name " + i, (long) i));
        }
        return page(BUILD_TYPES, values);
    }

    @Test
    void theBuildStaysCountedUntilTheLastProbeClosed()
    {
        MemoryPool pool = MemoryPool.unbounded("query");
        JoinBridge bridge = new JoinBridge();
        HashBuilderOperatorFactory buildFactory = new HashBuilderOperatorFactory(bridge, List.of(0), BUILD_TYPES, 2);
        LookupJoinOperatorFactory probeFactory = new LookupJoinOperatorFactory(bridge, JoinType.INNER, List.of(0), PROBE_TYPES, List.of(0), List.of(1), null);
        OperatorContext firstProbeContext = new OperatorContext(pool, 0);
        OperatorContext secondProbeContext = new OperatorContext(pool, 1);
        Operator firstProbe = probeFactory.createOperator(firstProbeContext);
        Operator secondProbe = probeFactory.createOperator(secondProbeContext);

        OperatorContext firstBuildContext = new OperatorContext(pool, 0);
        OperatorContext secondBuildContext = new OperatorContext(pool, 1);
        Operator firstBuild = buildFactory.createOperator(firstBuildContext);
        Operator secondBuild = buildFactory.createOperator(secondBuildContext);
        List<Page> pages = List.of(buildPage(0, 300), buildPage(300, 200));
        firstBuild.addInput(pages.get(0));
        secondBuild.addInput(pages.get(1));
        long pageBytes = pages.get(0).retainedBytes() + pages.get(1).retainedBytes();
        assertEquals(pageBytes, pool.reservedBytes(), "each build operator counts the pages it holds");
        firstBuild.finish();
        secondBuild.finish();
        firstBuild.finish();
        assertTrue(bridge.isBuilt());
        for (Operator build : List.of(firstBuild, secondBuild)) {
            build.close();
        }
        firstBuildContext.close();
        secondBuildContext.close();

        long tableBytes = bridge.builtLookupSource().tableBytes();
        assertEquals(LookupSourceBuilder.tableBytes(pages, List.of(0), BUILD_TYPES), tableBytes, "the table was reserved at the size it has");
        assertEquals(pageBytes + tableBytes, pool.reservedBytes(), "the build operators are closed; the bridge still counts pages and table");

        firstProbe.addInput(page(PROBE_TYPES, row(5L), row(1000L)));
        assertEquals(1, firstProbe.getOutput().positionCount());
        firstProbe.close();
        firstProbeContext.close();
        assertEquals(pageBytes + tableBytes, pool.reservedBytes(), "a probe is still open");
        secondProbe.close();
        secondProbeContext.close();
        assertEquals(0, pool.reservedBytes(), "no probe is left to read the build");
    }

    @Test
    void theTableIsReservedBeforeItIsBuiltAndABuildPastTheLimitFailsItsQuery()
    {
        Page build = buildPage(0, 2000);
        long tableBytes = LookupSourceBuilder.tableBytes(List.of(build), List.of(0), BUILD_TYPES);
        MemoryPool pool = new MemoryPool("query", build.retainedBytes() + tableBytes - 1);
        JoinBridge bridge = new JoinBridge();
        Operator probe = new LookupJoinOperatorFactory(bridge, JoinType.INNER, List.of(0), PROBE_TYPES, List.of(0), List.of(1), null)
                .createOperator(new OperatorContext(pool, 0));
        OperatorContext context = new OperatorContext(pool, 0);
        Operator builder = new HashBuilderOperatorFactory(bridge, List.of(0), BUILD_TYPES, 1).createOperator(context);
        builder.addInput(build);
        SignoException failure = assertThrows(SignoException.class, builder::finish);
        assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT, failure.errorCode());
        CompletionException probeFailure = assertThrows(CompletionException.class, () -> bridge.whenBuilt().join());
        assertEquals(failure, probeFailure.getCause(), "the probe side fails with the build's error");
        builder.close();
        context.close();
        probe.close();
        assertEquals(0, pool.reservedBytes(), "a failed build holds nothing");
    }

    @Test
    void theReservedTableSizeIsTheBuiltOneForEveryKeyShape()
    {
        List<Page> pages = List.of(buildPage(0, 100), buildPage(100, 1000), buildPage(5, 37));
        for (List<Integer> keys : List.of(List.of(0), List.of(1), List.of(0, 2), List.of(1, 0), List.of(2, 1, 0))) {
            JoinBridge bridge = new JoinBridge();
            OperatorContext context = new OperatorContext(MemoryPool.unbounded("query"), 0);
            Operator builder = new HashBuilderOperatorFactory(bridge, keys, BUILD_TYPES, 1).createOperator(context);
            pages.forEach(builder::addInput);
            builder.finish();
            assertTrue(bridge.isBuilt());
            assertEquals(LookupSourceBuilder.tableBytes(pages, keys, BUILD_TYPES), bridge.builtLookupSource().tableBytes(), "keys " + keys);
        }
    }
}
