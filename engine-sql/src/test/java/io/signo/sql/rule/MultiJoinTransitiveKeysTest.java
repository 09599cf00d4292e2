package io.signo.sql.rule;

import io.signo.storage.table.Catalog;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.rules.MultiJoin;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static io.signo.sql.rule.JoinPlans.equalities;
import static io.signo.sql.rule.JoinPlans.multiJoin;
import static io.signo.sql.rule.JoinPlans.table;
import static io.signo.sql.rule.JoinPlans.toMultiJoinsThen;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The equalities join ordering is given beside a MultiJoin's own: those its equalities imply, between inputs, and no others. */
class MultiJoinTransitiveKeysTest
{
    private final JoinPlans plans = new JoinPlans(catalog(), List.of("t1", "t2", "t3"));

    @Test
    void equalityOfTwoInputsEqualToAThirdIsAdded()
    {
        // TPC-H Q9's shape: part and partsupp each equal to lineitem on the part key, never to each other
        RelBuilder builder = plans.builder();
        RelNode plan = builder.push(plans.scan("t1")).push(plans.scan("t2")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "a1"), builder.field(2, 1, "a2")))
                .push(plans.scan("t3")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "a2"), builder.field(2, 1, "a3")))
                .build();
        assertEquals(Set.of("a1 = a2", "a2 = a3", "a1 = a3"), joinFilter(toMultiJoinsThen(plan, SignoRules.MULTI_JOIN_TRANSITIVE_KEYS)));
    }

    @Test
    void equalitiesOfDifferentColumnsImplyNothing()
    {
        RelBuilder builder = plans.builder();
        RelNode plan = builder.push(plans.scan("t1")).push(plans.scan("t2")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "a1"), builder.field(2, 1, "a2")))
                .push(plans.scan("t3")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "b2"), builder.field(2, 1, "b3")))
                .build();
        assertEquals(Set.of("a1 = a2", "b2 = b3"), joinFilter(toMultiJoinsThen(plan, SignoRules.MULTI_JOIN_TRANSITIVE_KEYS)));
    }

    @Test
    void columnsOfOneInputAreNotJoined()
    {
        // a2 and b2 both equal a1: a2 = b2 would be a filter on t2 alone, which join ordering has no use for
        RelBuilder builder = plans.builder();
        RelNode plan = builder.push(plans.scan("t1")).push(plans.scan("t2"))
                .join(JoinRelType.INNER, builder.and(builder.equals(builder.field(2, 0, "a1"), builder.field(2, 1, "a2")),
                        builder.equals(builder.field(2, 0, "a1"), builder.field(2, 1, "b2"))))
                .push(plans.scan("t3")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "b1"), builder.field(2, 1, "b3")))
                .build();
        assertEquals(Set.of("a1 = a2", "a1 = b2", "b1 = b3"), joinFilter(toMultiJoinsThen(plan, SignoRules.MULTI_JOIN_TRANSITIVE_KEYS)));
    }

    @Test
    void outerJoinsGainNothing()
    {
        // t3's columns are NULL where a left join finds no match: a1 = a3 would drop rows of t1 that the query keeps
        RelBuilder builder = plans.builder();
        RelNode plan = builder.push(plans.scan("t1")).push(plans.scan("t2")).join(JoinRelType.INNER, builder.equals(builder.field(2, 0, "a1"), builder.field(2, 1, "a2")))
                .push(plans.scan("t3")).join(JoinRelType.LEFT, builder.equals(builder.field(2, 0, "a2"), builder.field(2, 1, "a3")))
                .build();
        MultiJoin multiJoin = multiJoin(toMultiJoinsThen(plan, SignoRules.MULTI_JOIN_TRANSITIVE_KEYS));
        assertEquals(List.of("a1 = a2"), equalities(multiJoin.getJoinFilter(), multiJoin.getRowType().getFieldNames()));
        assertEquals(List.of("a2 = a3"), equalities(multiJoin.getOuterJoinConditions().get(2), multiJoin.getRowType().getFieldNames()));
    }

    /** The MultiJoin's equalities; a set, since their order does not matter to join ordering. */
    private static Set<String> joinFilter(RelNode plan)
    {
        MultiJoin multiJoin = multiJoin(plan);
        List<String> equalities = equalities(multiJoin.getJoinFilter(), multiJoin.getRowType().getFieldNames());
        assertEquals(equalities.size(), Set.copyOf(equalities).size(), "an equality twice: " + equalities);
        return Set.copyOf(equalities);
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
