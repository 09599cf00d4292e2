package io.signo.sql.planner;

import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.catalog.FileTableMacro;
import io.signo.sql.catalog.InformationSchema;
import io.signo.sql.catalog.PgCatalog;
import io.signo.sql.catalog.SignoCalciteSchema;
import io.signo.sql.catalog.SignoTypeFactory;
import io.signo.sql.catalog.TpchGeneratorSchema;
import io.signo.sql.catalog.ViewQueryTypes;
import io.signo.sql.cost.JoinPredicateCache;
import io.signo.sql.cost.SignoRelMetadataProvider;
import io.signo.sql.rule.BushyJoinOrder;
import io.signo.sql.rule.SignoRules;
import io.signo.sql.rule.SignoRules.Phase;
import io.signo.sql.rule.SignoRules.RuleProgram;
import io.signo.sql.translate.function.FunctionRegistry;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Catalog;
import io.signo.storage.type.Type;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.plan.Context;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.runtime.CalciteException;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserImplFactory;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;
import org.apache.calcite.sql.parser.ddl.SqlDdlParserImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.validate.SqlNameMatchers;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.RelDecorrelator;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.CancelFlag;
import org.apache.calcite.util.Util;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses, validates and optimizes one statement into a logical plan, in the phases that work for
 * Calcite at scale: sub-queries to correlates, guarded decorrelation, push-downs and constant
 * folding, then join ordering in one family (MultiJoin + LoptOptimizeJoinRule), then semi joins.
 */
public final class LogicalPlanner
{
    /** Stops a rule set that would rewrite a plan forever; far above what real queries need. */
    private static final int HEP_MATCH_LIMIT = 20_000;

    /** Planning longer than this fails the statement instead of holding a thread forever. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private static final ScheduledExecutorService DEADLINES = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "signo-planning-deadline");
        thread.setDaemon(true);
        return thread;
    });

    /** {@code EXPLAIN <query>}, the form people type; Calcite's own {@code EXPLAIN PLAN FOR} works too. */
    private static final Pattern EXPLAIN_PREFIX = Pattern.compile("\\s*(?i:explain)\\s+(?!(?i:plan)\\b)");
    /** {@code EXPLAIN ANALYZE <query>}: run the query and show the plan with what each operator did. */
    private static final Pattern EXPLAIN_ANALYZE_PREFIX = Pattern.compile("\\s*(?i:explain)\\s+(?i:analyze)\\s+");

    private final Catalog catalog;
    private final Duration timeout;
    private final PhaseListener phases;
    private final ZoneId timeZone;

    /** A planner for statements in the JVM's time zone. */
    public LogicalPlanner(Catalog catalog)
    {
        this(catalog, ZoneId.systemDefault());
    }

    /** @param timeZone the session's: TIMESTAMP WITH TIME ZONE values are read and shown in it */
    public LogicalPlanner(Catalog catalog, ZoneId timeZone)
    {
        this(catalog, DEFAULT_TIMEOUT, PhaseListener.NONE, timeZone);
    }

    public LogicalPlanner(Catalog catalog, Duration timeout)
    {
        this(catalog, timeout, PhaseListener.NONE);
    }

    /** For measuring: {@code phases} hears the end of each planning phase. */
    LogicalPlanner(Catalog catalog, Duration timeout, PhaseListener phases)
    {
        this(catalog, timeout, phases, ZoneId.systemDefault());
    }

    private LogicalPlanner(Catalog catalog, Duration timeout, PhaseListener phases, ZoneId timeZone)
    {
        this.catalog = catalog;
        this.timeout = timeout;
        this.phases = phases;
        this.timeZone = timeZone;
    }

    /** Hears the end of each planning phase, so that a harness can time them. */
    interface PhaseListener
    {
        PhaseListener NONE = phase -> {};

        void ended(Phase phase);
    }

    /**
     * A planned statement: the logical plan, its output names, the names a client sees (the unnamed
     * columns named as PostgreSQL names them: {@link PostgresColumnNames}), whether EXPLAIN was asked,
     * and whether EXPLAIN ANALYZE (then {@code explain} is true too); {@code reusable} when the plan
     * calls no function of the clock and none whose value changes between calls ({@link PlanReuse}).
     */
    public record LogicalPlan(RelNode root, List<String> columnNames, List<String> clientColumnNames, boolean explain, boolean analyze, boolean reusable) {}

    public LogicalPlan plan(String sql)
    {
        return withDeadline(cancelFlag -> plan(() -> validate(sql), cancelFlag));
    }

    /**
     * Plans a query already parsed (by {@link #parse}), so that a statement built around a part of
     * another one (the WHERE clause of a DELETE) does not parse that part's text again. Validation may
     * change {@code parsed}; {@code parseAgain} gives a fresh copy, for the rare statement that is
     * validated twice (a recursive CTE, whose columns take its seed's types).
     */
    public LogicalPlan plan(SqlNode parsed, Supplier<SqlNode> parseAgain)
    {
        return withDeadline(cancelFlag -> plan(() -> validate(parsed, parseAgain, false, false), cancelFlag));
    }

    private LogicalPlan withDeadline(Function<CancelFlag, LogicalPlan> planning)
    {
        // a deadline already passed cancels at once, not whenever the timer thread gets to it
        AtomicBoolean cancelled = new AtomicBoolean(timeout.toMillis() <= 0);
        ScheduledFuture<?> deadline = DEADLINES.schedule(() -> cancelled.set(true), timeout.toMillis(), TimeUnit.MILLISECONDS);
        try {
            return planning.apply(new CancelFlag(cancelled));
        }
        catch (CalciteException e) {
            if (cancelled.get()) {
                throw new SignoException(ErrorCode.PLANNING_TIMEOUT, "planning took longer than " + timeout.toSeconds() + " s and was stopped", e);
            }
            throw e;
        }
        finally {
            deadline.cancel(false);
        }
    }

    /** A statement parsed and validated, with what converting it to a plan needs. */
    private record Validated(SqlNode validated, SqlValidator validator, CalciteCatalogReader catalogReader, SignoTypeFactory typeFactory,
            Map<String, FileTableMacro> fileFunctions, PgCatalog pgCatalog, ValidatedViews views, CalciteConnectionConfig config, boolean explain, boolean analyze, boolean recursive,
            PostgresColumnNames clientNames) {}

    /**
     * The types of a query's dynamic parameters ({@code ?}), in the order they appear, as validating
     * it infers them from where they stand ({@code l_quantity < ?} is a DECIMAL, {@code CAST(? AS DATE)}
     * a DATE); what the PostgreSQL protocol reports for parameters a client gave no type. A statement
     * that is not a query, or a parameter whose type nothing decides ({@code SELECT ?}), fails with
     * the validator's error.
     */
    public List<Type> parameterTypes(String sql)
    {
        Validated statement = validate(sql);
        List<Type> types = new ArrayList<>();
        for (RelDataTypeField field : statement.validator().getParameterRowType(statement.validated()).getFieldList()) {
            types.add(CalciteTypes.toSigno(field.getType()));
        }
        return types;
    }

    private Validated validate(String sql)
    {
        boolean explain = false;
        boolean analyze = false;
        Matcher explainPrefix = EXPLAIN_PREFIX.matcher(sql);
        Matcher analyzePrefix = EXPLAIN_ANALYZE_PREFIX.matcher(sql);
        if (analyzePrefix.lookingAt()) {
            explain = true;
            analyze = true;
            sql = " ".repeat(analyzePrefix.end()) + sql.substring(analyzePrefix.end());
        }
        else if (explainPrefix.lookingAt()) {
            // blank the keyword rather than cut it, so error positions still point into the user's text
            explain = true;
            sql = " ".repeat(explainPrefix.end()) + sql.substring(explainPrefix.end());
        }
        SqlNode parsed = parse(sql);
        phases.ended(Phase.PARSE);
        if (parsed.getKind() == SqlKind.EXPLAIN) {
            explain = true;
            parsed = explicandum(parsed);
        }
        String text = sql;
        return validate(parsed, () -> explicandum(parse(text)), explain, analyze);
    }

    /** @param parseAgain the statement parsed anew, for a recursive CTE's second validation */
    private Validated validate(SqlNode parsed, Supplier<SqlNode> parseAgain, boolean explain, boolean analyze)
    {
        if (!parsed.isA(SqlKind.QUERY)) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "statement not supported: " + parsed.getKind()
                    + " (Signo runs queries: SELECT, WITH, VALUES, UNION and EXPLAIN)");
        }
        PostgresColumnNames clientNames = PostgresColumnNames.of(parsed);

        SignoTypeFactory typeFactory = new SignoTypeFactory();
        CalciteSchema rootSchema = CalciteSchema.createRootSchema(false, false);
        // a view's query is validated with the statement's catalog reader, made below once the schemas are in place
        AtomicReference<ViewQueryTypes> viewQueryTypes = new AtomicReference<>();
        ViewQueryTypes views = (viewSql, viewName) -> viewQueryTypes.get() == null ? null : viewQueryTypes.get().rowType(viewSql, viewName);
        rootSchema.add(catalog.schemaName(), new SignoCalciteSchema(catalog, catalog.schemaName(), views));
        for (String schema : catalog.otherSchemas()) {
            rootSchema.add(schema, new SignoCalciteSchema(catalog, schema, views));
        }
        if (!catalog.schemaName().equalsIgnoreCase(TpchGeneratorSchema.NAME)) {
            // generated TPC-H at any scale, read-only: tpch.sf1.lineitem
            rootSchema.add(TpchGeneratorSchema.NAME, TpchGeneratorSchema.tpch());
        }
        if (!catalog.schemaName().equalsIgnoreCase(TpchGeneratorSchema.TPCDS_NAME)) {
            // generated TPC-DS at any scale, read-only: tpcds.sf1.store_sales
            rootSchema.add(TpchGeneratorSchema.TPCDS_NAME, TpchGeneratorSchema.tpcds());
        }
        rootSchema.add(InformationSchema.NAME, new InformationSchema(catalog));
        PgCatalog pgCatalog = new PgCatalog(catalog);
        rootSchema.add(PgCatalog.NAME, pgCatalog);
        // the type names PostgreSQL and DuckDB users write for VARCHAR and TIMESTAMP WITH TIME ZONE
        for (String alias : List.of("text", "string")) {
            rootSchema.plus().add(alias, factory -> factory.createSqlType(SqlTypeName.VARCHAR));
        }
        rootSchema.plus().add("timestamptz", factory -> factory.createSqlType(SqlTypeName.TIMESTAMP_TZ, CalciteTypes.TIMESTAMP_PRECISION));
        Map<String, FileTableMacro> fileFunctions = FileTableMacro.forStatement();
        fileFunctions.forEach((name, function) -> rootSchema.plus().add(name, function));

        Properties properties = new Properties();
        properties.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "false");
        CalciteConnectionConfig config = new CalciteConnectionConfigImpl(properties);
        // a bare name is the database's own schema's table, else pg_catalog's (which never hides a table of the user's), else a schema
        List<List<String>> searchPath = List.of(List.of(catalog.schemaName()), List.of(PgCatalog.NAME), List.of());
        CalciteCatalogReader catalogReader = new CalciteCatalogReader(rootSchema, SqlNameMatchers.withCaseSensitive(false), searchPath, typeFactory, config) {};
        ValidatedViews validatedViews = new ValidatedViews();
        viewQueryTypes.set((viewSql, viewName) -> {
            SqlValidator viewValidator = newValidator(catalogReader, typeFactory, fileFunctions.keySet());
            SqlNode viewQuery = validate(viewValidator, rewrite(ViewTexts.parse(viewSql), fileFunctions, pgCatalog), viewName);
            validatedViews.put(viewSql, new ValidatedView(viewQuery, viewValidator));
            return viewValidator.getValidatedNodeType(viewQuery);
        });
        SqlValidator validator = newValidator(catalogReader, typeFactory, fileFunctions.keySet());
        SqlNode statement = rewrite(WholeRelationViews.inline(parsed, catalog, fileFunctions, typeFactory), fileFunctions, pgCatalog);
        boolean recursive = RecursiveCteTypes.hasRecursiveCte(statement);
        if (recursive) {
            // a recursive CTE's columns take its seed's types: learnt by validating a copy where each is its seed alone
            SqlNode seedsOnly = rewrite(WholeRelationViews.inline(parseAgain.get(), catalog, fileFunctions, typeFactory), fileFunctions, pgCatalog);
            List<SqlWithItem> seeds = RecursiveCteTypes.seedsOnly(seedsOnly);
            validate(validator, seedsOnly, null);
            RecursiveCteTypes.applyCasts(statement, RecursiveCteTypes.seedTypes(seeds, validator), validator);
            validator = newValidator(catalogReader, typeFactory, fileFunctions.keySet());
        }
        SqlNode validated = validate(validator, statement, null);
        return new Validated(validated, validator, catalogReader, typeFactory, fileFunctions, pgCatalog, validatedViews, config, explain, analyze, recursive, clientNames);
    }

    private LogicalPlan plan(Supplier<Validated> validation, CancelFlag cancelFlag)
    {
        Instant start = Instant.now();
        Validated statement = validation.get();
        SqlNode validated = statement.validated();
        SqlValidator validator = statement.validator();
        LiteralInLists.replace(validated, validator);
        CalciteCatalogReader catalogReader = statement.catalogReader();
        SignoTypeFactory typeFactory = statement.typeFactory();
        Map<String, FileTableMacro> fileFunctions = statement.fileFunctions();
        PgCatalog pgCatalog = statement.pgCatalog();
        boolean explain = statement.explain();
        boolean recursive = statement.recursive();
        CalciteConnectionConfig config = statement.config();
        phases.ended(Phase.VALIDATE);

        // the join predicate cache lives as long as the statement's planner: it holds the statement's expressions
        Context context = Contexts.of(config, cancelFlag, new JoinPredicateCache());
        VolcanoPlanner planner = new VolcanoPlanner(context);
        // the cluster's planner lends rules and simplifiers its executor: with one, the reduction rules fold constant
        // expressions at planning (DATE '1998-12-01' - INTERVAL '90' DAY becomes 1998-09-02), mostly without compiling code
        planner.setExecutor(new ConstantFoldingExecutor(RexUtil.EXECUTOR, timeZone));
        planner.addRelTraitDef(ConventionTraitDef.INSTANCE);
        planner.addRelTraitDef(RelCollationTraitDef.INSTANCE);
        RelOptCluster cluster = RelOptCluster.create(planner, new SignoRexBuilder(typeFactory));
        SignoRelMetadataProvider.install(cluster);
        SqlToRelConverter converter = new SignoSqlToRelConverter(new ViewExpander(catalogReader, typeFactory, cluster, fileFunctions, pgCatalog, statement.views()), validator, catalogReader, cluster,
                InstantComparisons.INSTANCE, CONVERTER_CONFIG);
        RelRoot relRoot;
        try {
            relRoot = converter.convertQuery(validated, false, true);
        }
        catch (AssertionError e) {
            if (recursive && e.getMessage() != null && e.getMessage().startsWith("Conversion to relational algebra failed to preserve datatypes")) {
                // a recursive CTE whose columns could not be given its seed's types (an INTERVAL column, a seed or term of another shape)
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: a recursive CTE whose recursive term changes the type of a column; cast the term's columns "
                        + "to the seed's types", e);
            }
            throw e;
        }
        RelNode converted = InputRefNullability.repair(relRoot.project());
        boolean reusable = PlanReuse.reusable(converted);
        RelNode rel = SetOperationsAll.rewrite(LongInLists.toSearches(CharColumnComparisons.apply(SessionTimeZone.apply(StatementTime.replace(converted, start, timeZone), timeZone))));
        RelDataType rowType = relRoot.validatedRowType;
        List<String> names = rowType.getFieldNames();
        phases.ended(Phase.SQL_TO_REL);

        rel = optimize(rel, context, phases);
        return new LogicalPlan(rel, names, statement.clientNames().rename(names), explain, statement.analyze(), reusable);
    }

    private static final SqlToRelConverter.Config CONVERTER_CONFIG = SqlToRelConverter.config()
            .withExpand(false)
            .withTrimUnusedFields(true)
            .withInSubQueryThreshold(Integer.MAX_VALUE);

    /** @param schemaFunctionNames the functions the root schema holds, which the catalog reader finds */
    private static SqlValidator newValidator(CalciteCatalogReader catalogReader, SignoTypeFactory typeFactory, Set<String> schemaFunctionNames)
    {
        // the catalog reader finds the functions of the root schema: read_csv and the other file functions;
        // the function registry adds those of other dialects and Signo's own, ahead of the standard's namesakes
        return new SignoValidator(SqlOperatorTables.chain(FunctionRegistry.instance().operatorTable(), SignoOperatorTable.INSTANCE,
                new SchemaFunctions(catalogReader, schemaFunctionNames)),
                catalogReader, typeFactory,
                SqlValidator.Config.DEFAULT
                        .withConformance(SignoConformance.INSTANCE)
                        .withTypeCoercionFactory(SignoTypeCoercion::new)
                        .withIdentifierExpansion(true));
    }

    /**
     * The root schema's functions, looked up through the catalog reader only for their own names. The
     * validator asks the operator table about every unqualified column name (could it be a function
     * without parentheses, like CURRENT_DATE?), and the catalog reader answers by walking each schema
     * of its search path, a few percent of planning; no other name can find anything there. The
     * validator asks again for a file function at each step of validating its call (its type, its
     * operands, its table), so what the catalog reader found is kept for the validator's statement:
     * the statement's functions do not change while it is validated.
     */
    private static final class SchemaFunctions
            implements SqlOperatorTable
    {
        private record Lookup(List<String> names, SqlFunctionCategory category, SqlSyntax syntax, boolean caseSensitive) {}

        private final CalciteCatalogReader catalogReader;
        private final Set<String> names;
        private final Map<Lookup, List<SqlOperator>> found = new HashMap<>();

        SchemaFunctions(CalciteCatalogReader catalogReader, Set<String> names)
        {
            this.catalogReader = catalogReader;
            this.names = names;
        }

        @Override
        public void lookupOperatorOverloads(SqlIdentifier name, SqlFunctionCategory category, SqlSyntax syntax, List<SqlOperator> operators, SqlNameMatcher nameMatcher)
        {
            String simpleName = Util.last(name.names);
            for (String function : names) {
                if (function.equalsIgnoreCase(simpleName)) {
                    boolean caseSensitive = nameMatcher.isCaseSensitive();
                    List<String> key = caseSensitive ? List.copyOf(name.names) : name.names.stream().map(part -> part.toLowerCase(Locale.ROOT)).toList();
                    operators.addAll(found.computeIfAbsent(new Lookup(key, category, syntax, caseSensitive), _ -> {
                        List<SqlOperator> overloads = new ArrayList<>();
                        catalogReader.lookupOperatorOverloads(name, category, syntax, overloads, nameMatcher);
                        return List.copyOf(overloads);
                    }));
                    return;
                }
            }
        }

        @Override
        public List<SqlOperator> getOperatorList()
        {
            return catalogReader.getOperatorList();
        }
    }

    /** Validates a statement; {@code viewName} names the view whose text it is, for errors inside a view. */
    private static SqlNode validate(SqlValidator validator, SqlNode parsed, String viewName)
    {
        String where = viewName == null ? "" : "in view " + viewName + ", ";
        try {
            return validator.validate(parsed);
        }
        catch (CalciteContextException e) {
            throw new SignoException(validationErrorCode(e), where + "line " + e.getPosLine() + ", column " + e.getPosColumn() + ": "
                    + e.getMessage().replaceFirst("^From line \\d+, column \\d+ to line \\d+, column \\d+: ", ""), e);
        }
        catch (SignoException e) {
            throw e;
        }
        catch (RuntimeException e) {
            throw new SignoException(ErrorCode.VALIDATION_ERROR, where + e.getMessage(), e);
        }
    }

    /**
     * The code of a validation error: an unknown table or schema, column or function has its own (the
     * SQLSTATEs 42P01, 42703 and 42883 clients act on), anything else is a VALIDATION_ERROR. Calcite's
     * validator says which by the resource its message comes from; these are its texts.
     */
    private static ErrorCode validationErrorCode(CalciteContextException e)
    {
        String message = e.getCause() == null || e.getCause().getMessage() == null ? "" : e.getCause().getMessage();
        if (UNKNOWN_TABLE.matcher(message).matches()) {
            return ErrorCode.TABLE_NOT_FOUND;
        }
        if (UNKNOWN_COLUMN.matcher(message).matches()) {
            return ErrorCode.COLUMN_NOT_FOUND;
        }
        if (UNKNOWN_FUNCTION.matcher(message).matches()) {
            return ErrorCode.FUNCTION_NOT_FOUND;
        }
        return ErrorCode.VALIDATION_ERROR;
    }

    private static final Pattern UNKNOWN_TABLE = Pattern.compile("(?s)(?:Object|Table) '.*' not found(?: within '.*')?(?:; did you mean '.*'\\?)?");
    private static final Pattern UNKNOWN_COLUMN = Pattern.compile("(?s)Column '.*' not found in (?:any table|table '.*')(?:; did you mean '.*'\\?)?");
    private static final Pattern UNKNOWN_FUNCTION = Pattern.compile("(?s)No match found for function signature .*");

    /** Expands a view where a query reads it: its text parsed, validated and converted in the query's cluster. */
    private record ViewExpander(CalciteCatalogReader catalogReader, SignoTypeFactory typeFactory, RelOptCluster cluster, Map<String, FileTableMacro> fileFunctions,
            PgCatalog pgCatalog, ValidatedViews validatedViews)
            implements RelOptTable.ViewExpander
    {
        @Override
        public RelRoot expandView(RelDataType rowType, String queryString, List<String> schemaPath, List<String> viewPath)
        {
            ValidatedView validatedView = validatedViews.take(queryString);
            if (validatedView != null) {
                SqlToRelConverter converter = new SignoSqlToRelConverter(this, validatedView.validator(), catalogReader, cluster, InstantComparisons.INSTANCE, CONVERTER_CONFIG);
                return converter.convertQuery(validatedView.query(), true, false);
            }
            String viewName = viewPath.isEmpty() ? "?" : viewPath.getLast();
            SqlNode parsed;
            try {
                parsed = ViewTexts.parse(queryString);
            }
            catch (SignoException e) {
                throw new SignoException(e.errorCode(), "in view " + viewName + ", " + e.getMessage(), e);
            }
            SqlValidator validator = newValidator(catalogReader, typeFactory, fileFunctions.keySet());
            SqlNode validated = validate(validator, rewrite(parsed, fileFunctions, pgCatalog), viewName);
            SqlToRelConverter converter = new SignoSqlToRelConverter(this, validator, catalogReader, cluster, InstantComparisons.INSTANCE, CONVERTER_CONFIG);
            return converter.convertQuery(validated, true, false);
        }
    }

    /** A view's query validated in the statement that reads the view, with the validator that did it. */
    private record ValidatedView(SqlNode query, SqlValidator validator) {}

    /**
     * The views' queries validated for their row types (see {@link ViewQueryTypes}), kept until the
     * view is expanded in the same statement, so that a view's query is parsed and validated once
     * per statement instead of twice. Each is taken once: a view read twice in a statement (TPC-H
     * Q21's {@code lineitem l1, l2, l3}) is validated again for its other reads, since converting
     * validates nothing and one validated tree should become one relational tree.
     */
    private static final class ValidatedViews
    {
        private final Map<String, ValidatedView> views = new HashMap<>();

        void put(String sql, ValidatedView view)
        {
            views.put(sql, view);
        }

        ValidatedView take(String sql)
        {
            return views.remove(sql);
        }
    }

    /** The parsed statement as the validator takes it: VALUES literals, file functions' arguments, PostgreSQL's catalog functions, ROLLUP and CUBE rewritten. */
    private static SqlNode rewrite(SqlNode parsed, Map<String, FileTableMacro> fileFunctions, PgCatalog pgCatalog)
    {
        return LiteralInLists.replaceBeforeValidation(DuplicateGroupingSets.rewrite(PgCatalogFunctions.rewrite(FileFunctionArguments.rewrite(ValuesLiterals.rewrite(parsed), fileFunctions), pgCatalog)));
    }

    private static SqlNode explicandum(SqlNode statement)
    {
        return statement.getKind() == SqlKind.EXPLAIN ? ((SqlExplain) statement).getExplicandum() : statement;
    }

    /**
     * Parses one statement with Signo's grammar (Calcite's Babel, lower-casing unquoted names), by
     * Calcite's core grammar where that reads the statement the same way ({@link CoreGrammarFirst}).
     */
    public static SqlNode parse(String sql)
    {
        return parse(sql, SqlBabelParserImpl.FACTORY);
    }

    /** Parses a CREATE or DROP statement: Calcite's grammar with its DDL extension. */
    public static SqlNode parseDdl(String sql)
    {
        return parse(sql, SqlDdlParserImpl.FACTORY);
    }

    private static SqlNode parse(String sql, SqlParserImplFactory grammar)
    {
        StatementLimits.checkLength(sql);
        NestingDepth.checkParentheses(sql);
        String text = parserText(sql);
        SqlParser.Config config = parserConfig(grammar);
        SqlNode statement = grammar == SqlBabelParserImpl.FACTORY ? CoreGrammarFirst.parseOrNull(text, config) : null;
        if (statement == null) {
            statement = parseWith(text, config);
        }
        NestingDepth.check(statement);
        DecimalPrecisions.check(statement);
        StatementLimits.check(statement);
        return DatePartArguments.rewrite(BalancedChains.rewrite(statement));
    }

    /** The statement's text as the grammar takes it: the syntax of other dialects Calcite's grammar lacks rewritten, keeping positions. */
    static String parserText(String sql)
    {
        return DatePartArguments.rewriteText(TypedLiterals.rewrite(QuotedFileNames.rewrite(AtTimeZoneSyntax.rewrite(CastSyntax.rewrite(sql)))));
    }

    static SqlParser.Config parserConfig(SqlParserImplFactory grammar)
    {
        return SqlParser.config()
                .withParserFactory(grammar)
                .withUnquotedCasing(Casing.TO_LOWER)
                .withQuotedCasing(Casing.UNCHANGED)
                .withCaseSensitive(false)
                .withConformance(SignoConformance.INSTANCE);
    }

    private static SqlNode parseWith(String text, SqlParser.Config config)
    {
        try {
            return SqlParser.create(text, config).parseStmt();
        }
        catch (StackOverflowError e) {
            throw NestingDepth.tooDeep();
        }
        catch (SqlParseException e) {
            if (e.getCause() instanceof StackOverflowError) {
                throw NestingDepth.tooDeep();
            }
            var position = e.getPos();
            String message = e.getMessage();
            int newline = message == null ? -1 : message.indexOf('\n');
            String firstLine = newline < 0 ? message : message.substring(0, newline);
            firstLine = firstLine == null ? "syntax error" : firstLine.replaceAll(" at line \\d+, column \\d+\\.?", "").strip();
            String where = position == null ? "" : "line " + position.getLineNum() + ", column " + position.getColumnNum() + ": ";
            throw new SignoException(ErrorCode.SYNTAX_ERROR, where + StatementLimits.abbreviateQuoted(firstLine), e);
        }
    }

    static RelNode optimize(RelNode rel, Context context, PhaseListener phases)
    {
        rel = applyRules(Phase.WINDOWS, rel, context, phases);
        rel = applyRules(Phase.SUB_QUERIES, rel, context, phases);
        rel = decorrelate(rel);
        phases.ended(Phase.DECORRELATE);
        rel = DisjunctionPredicates.apply(rel);
        rel = applyRules(Phase.REDUCE_AND_PUSH_DOWN, rel, context, phases);
        // constant folding may have left a correlate's right side without the predicate that read the outer row
        rel = UncorrelatedCorrelates.toJoins(rel);
        if (containsCorrelate(rel)) {
            // decorrelation keeps the whole plan correlated when one sub-query defeats it; folding may have removed
            // that one (a filter AND CASE WHEN FALSE THEN TRUE ELSE FALSE END), so the others are decorrelated now
            rel = decorrelate(rel);
        }
        rel = orderJoins(rel, context, phases);
        rel = applyRules(Phase.SEMI_JOINS, rel, context, phases);
        rel = applyRules(Phase.AGGREGATE_REDUCTION, rel, context, phases);
        rel = SharedSubPlanTrimmer.trimShared(rel);
        return NullSafeJoinKeys.apply(applyRules(Phase.TRIM, rel, context, phases));
    }

    /**
     * Join ordering: Calcite's left-deep orders, and where inner joins of at least four inputs allow a
     * bushy order, {@link SignoRules#BUSHY_JOIN_ORDER} too; the cheaper plan is kept ({@link BushyJoinOrder}).
     */
    private static RelNode orderJoins(RelNode rel, Context context, PhaseListener phases)
    {
        RelNode leftDeep = applyRules(Phase.JOIN_ORDER, rel, context, phases);
        if (!BushyJoinOrder.mayDiffer(rel)) {
            return leftDeep;
        }
        return BushyJoinOrder.cheaper(leftDeep, runPrograms(SignoRules.BUSHY_JOIN_ORDER, rel, context));
    }

    /**
     * Runs a phase's rule programs one after the other in one rule planner, when some program may
     * fire on the plan: building the planner's graph of the plan and the plan back from it costs
     * about what a pass of matching does, so the programs share one. A later program may fire on
     * what an earlier one made (MultiJoin optimization on the MultiJoins of the first join-order
     * program), so all the phase's programs run once one of them may match.
     */
    private static RelNode applyRules(Phase phase, RelNode rel, Context context, PhaseListener phases)
    {
        List<RuleProgram> programs = phase.programs();
        // the last phase always runs: the rule planner makes equal sub-plans one node, which the physical
        // planner computes once (SharedSubPlans), and the trimmer before it may have made them equal
        boolean run = phase == Phase.TRIM;
        for (int i = 0; i < programs.size() && !run; i++) {
            run = programs.get(i).mayMatch(rel);
        }
        if (run) {
            rel = runPrograms(programs, rel, context);
        }
        phases.ended(phase);
        return rel;
    }

    /** Runs rule programs one after the other in one rule planner. */
    private static RelNode runPrograms(List<RuleProgram> programs, RelNode rel, Context context)
    {
        HepProgramBuilder builder = HepProgram.builder().addMatchLimit(HEP_MATCH_LIMIT);
        for (RuleProgram program : programs) {
            builder.addSubprogram(program.build());
        }
        HepPlanner planner = new HepPlanner(builder.build(), context);
        planner.setRoot(rel);
        return planner.findBestExp();
    }

    /** The decorrelated plan, or the correlated one when decorrelation fails or leaves a correlate. */
    private static RelNode decorrelate(RelNode rel)
    {
        rel = UncorrelatedCorrelates.toJoins(rel);
        if (!containsCorrelate(rel)) {
            return rel;
        }
        rel = ConstantKeyAggregates.rewrite(rel);
        RelBuilder relBuilder = RelFactoriesHolder.relBuilder(rel.getCluster());
        try {
            RelNode decorrelated = RelDecorrelator.decorrelateQuery(rel, relBuilder);
            if (!containsCorrelate(decorrelated)) {
                return decorrelated;
            }
        }
        catch (RuntimeException | AssertionError e) {
            // keep the correlated plan; the translator reports a correlate it cannot run (Calcite reports a
            // decorrelation that changed the row type with an AssertionError of its Litmus.THROW)
        }
        return rel;
    }

    private static boolean containsCorrelate(RelNode rel)
    {
        if (rel instanceof Correlate) {
            return true;
        }
        for (RelNode input : rel.getInputs()) {
            if (containsCorrelate(input)) {
                return true;
            }
        }
        return false;
    }

    /** Explains a logical plan for debugging. */
    public static String describe(RelNode rel)
    {
        return RelOptUtil.toString(rel);
    }
}
