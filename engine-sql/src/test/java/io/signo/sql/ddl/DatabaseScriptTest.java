package io.signo.sql.ddl;

import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/** The database scripts ({@link DatabaseScripts}) on one process's database, in memory. */
class DatabaseScriptTest
{
    @TestFactory
    Stream<DynamicTest> scriptsAnswerAsDuckDb()
    {
        return DatabaseScripts.SCRIPTS.stream().map(script -> dynamicTest(script, () -> {
            try (SignoEngine engine = new SignoEngine(Database.inMemory(), 2)) {
                DatabaseScripts.run(script, engine::execute);
            }
        }));
    }
}
