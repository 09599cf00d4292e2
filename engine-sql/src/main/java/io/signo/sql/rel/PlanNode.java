package io.signo.sql.rel;

import io.signo.storage.type.Type;

import java.io.Serializable;
import java.util.List;

/**
 * A node of Signo's physical plan. Each node knows its output types, its inputs, how its rows are
 * spread over drivers, and the planner's estimate of its rows, which EXPLAIN prints.
 */
public sealed interface PlanNode
        extends Serializable
        permits TableScanNode, FilterProjectNode, AggregationNode, HashJoinNode, NestedLoopJoinNode, SortNode, TopNNode, WindowNode, TopNPerPartitionNode, GroupIdNode, RowIfEmptyNode, LimitNode, ValuesNode, ExchangeNode, TableWriterNode,
        RecursiveUnionNode, WorkingTableNode, RecursionInputNode
{
    List<Type> outputTypes();

    List<PlanNode> sources();

    Distribution distribution();

    double estimatedRows();

    /** One line for EXPLAIN, such as {@code HashJoin[INNER, probe=[0], build=[1]]}. */
    String describe();
}
