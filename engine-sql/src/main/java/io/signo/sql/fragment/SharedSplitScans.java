package io.signo.sql.fragment;

import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.TableScanNode;
import io.signo.storage.table.Partitioning;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The scans of a plan whose splits go to whichever worker asks for more (work stealing): scans on
 * the workers of tables whose every split every node can read ({@link Partitioning#sharedSplits()},
 * files read in place). A scan read whole (on the coordinator, or each worker's copy of a replicated
 * table) and a scan of partitions that live on one worker are not among them. Numbered in one walk
 * from the root, the same on the coordinator and on every worker that decoded the same plan.
 */
public final class SharedSplitScans
{
    private SharedSplitScans() {}

    /** The scans, by number. */
    public static List<TableScanNode> of(PlanNode root)
    {
        List<TableScanNode> scans = new ArrayList<>();
        collect(root, scans, Collections.newSetFromMap(new IdentityHashMap<>()));
        return scans;
    }

    private static void collect(PlanNode node, List<TableScanNode> scans, Set<PlanNode> seen)
    {
        if (!seen.add(node)) {
            return;
        }
        if (node instanceof TableScanNode scan && isShared(scan)) {
            scans.add(scan);
        }
        for (PlanNode source : node.sources()) {
            collect(source, scans, seen);
        }
    }

    private static boolean isShared(TableScanNode scan)
    {
        Partitioning partitioning = scan.table().partitioning();
        return partitioning != null && partitioning.sharedSplits() && !scan.onEveryWorker() && !scan.distribution().isSingle();
    }
}
