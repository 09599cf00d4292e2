package io.signo.sql.translate.function;

import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.util.SqlOperatorTables;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * The scalar functions Signo runs, by the name of their Calcite operator. Each family of functions
 * ({@link NumericFunctions}, {@link StringFunctions}, {@link RegexFunctions}, {@link DateFunctions}) registers its translations here, together with
 * the operators the validator must know beyond Calcite's standard table: functions of other SQL
 * dialects (Calcite's library operators) and Signo's own definitions where a standard one types its
 * result differently from DuckDB. See docs/adding-a-function.md.
 */
public final class FunctionRegistry
{
    private static final FunctionRegistry INSTANCE = create();

    /** The functions whose value is the statement's date or time, which the planner replaces by it before translation. */
    public static final Set<String> CURRENT_TIME_FUNCTIONS = DateFunctions.CURRENT_TIME_FUNCTIONS;

    /** The days since 1970-01-01 of a DATE as a BIGINT, Signo's own: the planner writes {@code a - b} of two dates as the difference of theirs. */
    public static final SqlOperator DAYS_SINCE_EPOCH = DateFunctions.DAYS_SINCE_EPOCH;

    /** The time since 1970-01-01 of a timestamp as an INTERVAL DAY TO SECOND: the planner writes {@code a - b} of two timestamps as the difference of theirs. */
    public static final SqlOperator SINCE_EPOCH = DateFunctions.SINCE_EPOCH;

    /**
     * Signo's functions that take a time zone, a string constant, as their last argument: the planner
     * writes with them what reads a TIMESTAMP WITH TIME ZONE in the session's zone. {@code $TO_LOCAL(instant, zone)}
     * is its wall-clock time there, {@code $TO_INSTANT(timestamp, zone)} the instant of a wall-clock
     * time, {@code $FORMAT_INSTANT} and {@code $PARSE_INSTANT} its text, {@code $ADD_IN_ZONE(instant, interval, zone)}
     * its arithmetic and {@code $STRFTIME_IN_ZONE(instant, format, zone)} its STRFTIME.
     */
    public static final SqlOperator TO_LOCAL = DateFunctions.TO_LOCAL;
    public static final SqlOperator TO_INSTANT = DateFunctions.TO_INSTANT;
    public static final SqlOperator FORMAT_INSTANT = DateFunctions.FORMAT_INSTANT;
    public static final SqlOperator PARSE_INSTANT = DateFunctions.PARSE_INSTANT;
    public static final SqlOperator ADD_IN_ZONE = DateFunctions.ADD_IN_ZONE;
    public static final SqlOperator STRFTIME_IN_ZONE = DateFunctions.STRFTIME_IN_ZONE;

    private final Map<String, FunctionTranslator> translators;
    private final Set<String> skippingNulls;
    private final SqlOperatorTable operatorTable;

    private FunctionRegistry(Map<String, FunctionTranslator> translators, Set<String> skippingNulls, List<SqlOperator> operators)
    {
        this.translators = Map.copyOf(translators);
        this.skippingNulls = Set.copyOf(skippingNulls);
        this.operatorTable = SqlOperatorTables.of(operators);
    }

    private static FunctionRegistry create()
    {
        Builder builder = new Builder();
        NumericFunctions.register(builder);
        StringFunctions.register(builder);
        RegexFunctions.register(builder);
        DateFunctions.register(builder);
        return new FunctionRegistry(builder.translators, builder.skippingNulls, builder.operators);
    }

    public static FunctionRegistry instance()
    {
        return INSTANCE;
    }

    /** The translation of the calls of the operator named {@code name}, or null when Signo does not run it. */
    public FunctionTranslator translator(String name)
    {
        return translators.get(name.toUpperCase(Locale.ROOT));
    }

    /** Whether the function skips NULL arguments (CONCAT, GREATEST) instead of being NULL when one is, as most are. */
    public boolean skipsNulls(String name)
    {
        return skippingNulls.contains(name.toUpperCase(Locale.ROOT));
    }

    /** The operators the registered functions add to Calcite's standard table; consulted before it, so that they take precedence. */
    public SqlOperatorTable operatorTable()
    {
        return operatorTable;
    }

    /** What a family of functions registers. */
    public static final class Builder
    {
        private final Map<String, FunctionTranslator> translators = new HashMap<>();
        private final List<SqlOperator> operators = new ArrayList<>();
        private final Set<String> skippingNulls = new HashSet<>();

        private Builder() {}

        /** Marks registered functions as skipping NULL arguments, where most are NULL when an argument is. */
        public Builder skippingNulls(String... names)
        {
            for (String name : names) {
                String key = name.toUpperCase(Locale.ROOT);
                if (!translators.containsKey(key)) {
                    throw new IllegalStateException("function " + name + " is not registered");
                }
                skippingNulls.add(key);
            }
            return this;
        }

        /** Translates the calls of the operators of Calcite's standard table with these names. */
        public Builder function(FunctionTranslator translator, String... names)
        {
            requireNonNull(translator, "translator is null");
            for (String name : names) {
                if (translators.putIfAbsent(name.toUpperCase(Locale.ROOT), translator) != null) {
                    throw new IllegalStateException("function " + name + " registered twice");
                }
            }
            return this;
        }

        /** Adds an operator the standard table lacks (or one that replaces its namesake there) and translates its calls. */
        public Builder operator(SqlOperator operator, FunctionTranslator translator)
        {
            operators.add(requireNonNull(operator, "operator is null"));
            return function(translator, operator.getName());
        }
    }
}
