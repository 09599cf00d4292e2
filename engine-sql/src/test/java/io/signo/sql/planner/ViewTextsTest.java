package io.signo.sql.planner;

import io.signo.storage.tpch.TpchQueries;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A view's text parsed once: every statement gets a tree equal to a fresh parse that shares no node with any other. */
class ViewTextsTest
{
    private static final List<String> TEXTS = List.of(
            "SELECT * FROM read_parquet('/data/lineitem.parquet')",
            "WITH t (a, b) AS (VALUES (1, 'x'), (2, NULL)) SELECT b, count(*) OVER (PARTITION BY b ORDER BY a ROWS 1 PRECEDING) FROM t",
            "SELECT CASE WHEN a IS NULL THEN DATE '2020-01-01' + INTERVAL '3' DAY ELSE CAST(a AS DATE) END, x::int FROM s.t AS u(a, x) "
                    + "LEFT JOIN v ON u.a = v.a WHERE x IN (1, 2, 3) AND EXISTS (SELECT 1 FROM w WHERE w.a = u.a) GROUP BY ROLLUP(1, 2) HAVING count(DISTINCT x) > ? ORDER BY 1 DESC NULLS LAST LIMIT 5");

    @Test
    void eachCopyEqualsAFreshParseAndSharesNoNode()
    {
        List<String> texts = new ArrayList<>(TEXTS);
        for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
            texts.add(TpchQueries.query(query));
        }
        for (String text : texts) {
            SqlNode first = ViewTexts.parse(text);
            SqlNode second = ViewTexts.parse(text);
            String fresh = LogicalPlanner.parse(text).toString();
            assertEquals(fresh, first.toString(), text);
            assertEquals(fresh, second.toString(), text);
            Set<SqlNode> firstNodes = nodes(first);
            for (SqlNode node : nodes(second)) {
                assertFalse(firstNodes.contains(node), () -> text + ": " + node + " is in both copies");
            }
        }
    }

    @Test
    void aTextThatDoesNotParseFailsEveryTime()
    {
        for (int attempt = 0; attempt < 2; attempt++) {
            Exception failure = assertThrows(RuntimeException.class, () -> ViewTexts.parse("SELECT FROM WHERE"));
            assertTrue(failure.getMessage().contains("line 1, column"), failure.getMessage());
        }
    }

    private static Set<SqlNode> nodes(SqlNode root)
    {
        Set<SqlNode> nodes = Collections.newSetFromMap(new IdentityHashMap<>());
        List<SqlNode> pending = new ArrayList<>(List.of(root));
        while (!pending.isEmpty()) {
            SqlNode node = pending.removeLast();
            if (node == null || !nodes.add(node)) {
                continue;
            }
            if (node instanceof SqlNodeList list) {
                list.forEach(pending::add);
            }
            else if (node instanceof SqlCall call) {
                pending.addAll(call.getOperandList());
            }
        }
        return nodes;
    }
}
