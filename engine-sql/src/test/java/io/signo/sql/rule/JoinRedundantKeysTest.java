package io.signo.sql.rule;

import io.signo.storage.table.Catalog;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.signo.sql.rule.JoinPlans.after;
import static io.signo.sql.rule.JoinPlans.equalities;
import static io.signo.sql.rule.JoinPlans.joins;
import static io.signo.sql.rule.JoinPlans.table;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A join keeps every key pair its inputs do not already imply, and drops the ones they do. */
class JoinRedundantKeysTest
{
    private final JoinPlans plans = new JoinPlans(catalog(), List.of("t1", "t2", "t3"));

    @Test
    void pairOfColumnsEqualInEachInputIsDropped()
    {
        // t1 joined with t2 on a1 = a2 has a1 = a2 in every row: with a1 = a3, a2 = a3 keeps the same rows
        RelBuilder builder = plans.builder();
        RelNode plan = builder.push(plans.scan("t1")).push(plans.scan("t2")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "a1"), builder.field(2, 1, "a2")))
                .push(plans.scan("t3"))
                .join(JoinRelType.INNER, builder.and(builder.equals(builder.field(2, 0, "a1"), builder.field(2, 1, "a3")),
                        builder.equals(builder.field(2, 0, "a2"), builder.field(2, 1, "a3"))))
                .build();
        assertEquals(List.of("a1 = a3"), topJoinEqualities(after(plan, SignoRules.JOIN_REDUNDANT_KEYS)));
    }

    @Test
    void pairWhoseColumnsAreNotKnownEqualIsKept()
    {
        // t1 and t2 joined on their b columns: a1 and a2 may differ, so both pairs filter
        RelBuilder builder = plans.builder();
        RelNode plan = builder.push(plans.scan("t1")).push(plans.scan("t2")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "b1"), builder.field(2, 1, "b2")))
                .push(plans.scan("t3"))
                .join(JoinRelType.INNER, builder.and(builder.equals(builder.field(2, 0, "a1"), builder.field(2, 1, "a3")),
                        builder.equals(builder.field(2, 0, "a2"), builder.field(2, 1, "a3"))))
                .build();
        assertEquals(List.of("a1 = a3", "a2 = a3"), topJoinEqualities(after(plan, SignoRules.JOIN_REDUNDANT_KEYS)));
    }

    @Test
    void pairIsKeptWhenOnlyOneSideImpliesIt()
    {
        // a1 = a2 holds on the left, but a3 and b3 are different columns of t3
        RelBuilder builder = plans.builder();
        RelNode plan = builder.push(plans.scan("t1")).push(plans.scan("t2")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "a1"), builder.field(2, 1, "a2")))
                .push(plans.scan("t3"))
                .join(JoinRelType.INNER, builder.and(builder.equals(builder.field(2, 0, "a1"), builder.field(2, 1, "a3")),
                        builder.equals(builder.field(2, 0, "a2"), builder.field(2, 1, "b3"))))
                .build();
        assertEquals(List.of("a1 = a3", "a2 = b3"), topJoinEqualities(after(plan, SignoRules.JOIN_REDUNDANT_KEYS)));
    }

    @Test
    void equalityReachedThroughAChainIsDropped()
    {
        // t1 = t2 on a, t2 = t3 on a below; the join with t3's copy on a1 and a3 needs only one of them
        Catalog catalog = catalog();
        catalog.addTable(table("t4", 1000, "a4", 100, "b4", 10));
        JoinPlans four = new JoinPlans(catalog, List.of("t1", "t2", "t3", "t4"));
        RelBuilder builder = four.builder();
        RelNode plan = builder.push(four.scan("t1")).push(four.scan("t2")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "a1"), builder.field(2, 1, "a2")))
                .push(four.scan("t3")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "a2"), builder.field(2, 1, "a3")))
                .push(four.scan("t4"))
                .join(JoinRelType.INNER, builder.and(builder.equals(builder.field(2, 0, "a3"), builder.field(2, 1, "a4")),
                        builder.equals(builder.field(2, 0, "a1"), builder.field(2, 1, "a4"))))
                .build();
        assertEquals(List.of("a3 = a4"), topJoinEqualities(after(plan, SignoRules.JOIN_REDUNDANT_KEYS)));
    }

    private static List<String> topJoinEqualities(RelNode plan)
    {
        Join top = joins(plan).getFirst();
        return equalities(top.getCondition(), top.getRowType().getFieldNames());
    }

    private static Catalog catalog()
    {
        Catalog catalog = new Catalog("test");
        catalog.addTable(table("t1", 1000, "a1", 100, "b1", 10));
        catalog.addTable(table("t2", 1000, "a2", 100, "b2", 10));
        catalog.addTable(table("t3", 1000, "a3", 100, "b3", 10));
        return catalog;
    }
}
