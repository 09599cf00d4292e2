package io.signo.sql.planner;

import io.signo.sql.SignoEngine;
import io.signo.sql.catalog.FileTableMacro;
import io.signo.sql.catalog.SignoTypeFactory;
import io.signo.storage.db.Database;
import io.signo.storage.table.Catalog;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which views a statement reads as their relation, shown by the statement's text after the views are put in place. */
class WholeRelationViewsTest
{
    private static String inlined(Catalog catalog, String sql)
    {
        return WholeRelationViews.inline(LogicalPlanner.parse(sql), catalog, FileTableMacro.forStatement(), new SignoTypeFactory()).toString().replaceAll("\\s+", " ");
    }

    @Test
    void aViewOfATableWholeIsTheTableUnderTheViewsName()
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 1)) {
            engine.execute("CREATE TABLE t AS SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v(id, name)");
            engine.execute("CREATE VIEW whole AS SELECT * FROM t");
            engine.execute("CREATE VIEW filtered AS SELECT * FROM t WHERE id > 1");
            engine.execute("CREATE VIEW renamed (k, label) AS SELECT * FROM t");
            Catalog catalog = engine.catalog().snapshot();

            assertEquals("SELECT `whole`.`id` FROM `t` AS `whole` INNER JOIN `t` AS `w` ON `whole`.`id` = `w`.`id`",
                    inlined(catalog, "SELECT whole.id FROM whole JOIN whole AS w ON whole.id = w.id"));
            assertEquals("SELECT * FROM `filtered`", inlined(catalog, "SELECT * FROM filtered"), "a view with a filter is expanded");
            assertEquals("SELECT * FROM `renamed`", inlined(catalog, "SELECT * FROM renamed"), "a view whose columns are not the table's is expanded");
            assertEquals("WITH `whole` AS (SELECT 1 AS `id`) SELECT * FROM `whole`", inlined(catalog, "WITH whole AS (SELECT 1 AS id) SELECT * FROM whole"),
                    "a WITH item of the view's name is the WITH item");
            assertEquals("SELECT * FROM `t` AS `whole` WHERE `id` IN (SELECT `id` FROM `t` AS `whole`)", inlined(catalog, "SELECT * FROM whole WHERE id IN (SELECT id FROM whole)"));
        }
    }
}
