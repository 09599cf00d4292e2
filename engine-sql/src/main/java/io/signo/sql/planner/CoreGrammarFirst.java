package io.signo.sql.planner;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.impl.SqlParserImpl;
import org.apache.calcite.sql.util.SqlBasicVisitor;

import java.util.Locale;
import java.util.Set;

/**
 * Parses a statement with Calcite's core grammar when that reads it as the Babel grammar would, which
 * Signo's grammar is. Babel's generated parser looks ahead several times more than the core one (its
 * many non-reserved keywords make most choices ambiguous for longer), and parsing the TPC-H queries
 * with it took 3 times as long. Babel's grammar is the core one with more: keywords that may be names,
 * operators ({@code ::}, {@code ~}, {@code <=>}), {@code LEFT SEMI JOIN}, and function calls of its own.
 * A statement that uses the first three fails in the core grammar and is parsed again with Babel, whose
 * errors are the ones reported; the core grammar reads Babel's own function calls as ordinary calls
 * of a function of that name, so a statement calling one is parsed with Babel too.
 * {@code CoreGrammarFirstTest} checks that the two grammars agree on every statement of the SQL
 * suite, TPC-H and TPC-DS that the core grammar takes.
 */
final class CoreGrammarFirst
{
    /** The functions Babel's grammar parses into its own operators (a time unit first), lower case. */
    private static final Set<String> BABEL_FUNCTIONS = Set.of("date_part", "dateadd", "datediff", "datepart", "date", "timestamp");

    private CoreGrammarFirst() {}

    /**
     * The statement as the core grammar parses it, or null when Babel's grammar must parse it: the
     * core grammar fails on it, or it calls a function Babel's grammar parses otherwise.
     */
    static SqlNode parseOrNull(String sql, SqlParser.Config config)
    {
        SqlNode statement;
        try {
            statement = SqlParser.create(sql, config.withParserFactory(SqlParserImpl.FACTORY)).parseStmt();
        }
        catch (SqlParseException | RuntimeException | StackOverflowError e) {
            // Babel's grammar parses it, or reports the error as Signo always has
            return null;
        }
        return callsBabelFunction(statement) ? null : statement;
    }

    private static boolean callsBabelFunction(SqlNode statement)
    {
        try {
            statement.accept(new SqlBasicVisitor<Void>()
            {
                @Override
                public Void visit(SqlCall call)
                {
                    if (BABEL_FUNCTIONS.contains(call.getOperator().getName().toLowerCase(Locale.ROOT))) {
                        throw new BabelFunctionFound();
                    }
                    return super.visit(call);
                }
            });
            return false;
        }
        catch (BabelFunctionFound e) {
            return true;
        }
    }

    /** Ends the walk at the first call of a Babel function. */
    private static final class BabelFunctionFound
            extends RuntimeException
    {
        BabelFunctionFound()
        {
            super(null, null, false, false);
        }
    }
}
