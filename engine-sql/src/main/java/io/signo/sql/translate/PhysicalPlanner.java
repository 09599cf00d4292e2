package io.signo.sql.translate;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.core.operator.sort.SortOrder;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.catalog.SignoCalciteTable;
import io.signo.sql.planner.SharedSubPlans;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.FilterProjectNode;
import io.signo.sql.rel.LimitNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.RecursionInputNode;
import io.signo.sql.rel.RecursiveUnionNode;
import io.signo.sql.rel.SortNode;
import io.signo.sql.rel.TableScanNode;
import io.signo.sql.rel.TopNNode;
import io.signo.sql.rel.ValuesNode;
import io.signo.sql.rel.WorkingTableNode;
import io.signo.sql.translate.JoinPlanner.JoinOutput;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RepeatUnion;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.TableSpool;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.TransientTable;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.MappingType;
import org.apache.calcite.util.mapping.Mappings;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns an optimized logical plan into Signo's physical plan: picks operators, prunes scanned
 * columns, and places exchanges where the distribution must change (sorts and limits gathered).
 * Joins are planned by {@link JoinPlanner}, aggregations by {@link AggregationPlanner}, windows by
 * {@link WindowPlanner}; they come back here for their inputs.
 */
public final class PhysicalPlanner
{
    private final RexBuilder rexBuilder;
    private final RelMetadataQuery metadata;
    private final JoinPlanner joins;
    private final AggregationPlanner aggregations;
    private final WindowPlanner windows;
    private final int maxRecursionDepth;
    /** The recursive CTE whose recursive term is being planned, or null. */
    private Recursion recursion;
    /** Aggregates and joins that several parents read, and the one plan each gets: computed once, see {@link SharedPlanNodes}. */
    private Set<RelNode> sharedRels = Set.of();
    private final Map<RelNode, PlanNode> sharedPlans = new IdentityHashMap<>();

    public PhysicalPlanner(RexBuilder rexBuilder, RelMetadataQuery metadata)
    {
        this(rexBuilder, metadata, PlannerOptions.singleNode());
    }

    public PhysicalPlanner(RexBuilder rexBuilder, RelMetadataQuery metadata, PlannerOptions options)
    {
        this.rexBuilder = rexBuilder;
        this.metadata = metadata;
        this.joins = new JoinPlanner(this, rexBuilder, new JoinCostModel(options));
        this.aggregations = new AggregationPlanner(this, rexBuilder);
        this.windows = new WindowPlanner(this, rexBuilder);
        this.maxRecursionDepth = options.maxRecursionDepth();
    }

    /** The physical plan of a whole query; its root is a single stream in the query's row order. */
    public PlanNode plan(RelNode root)
    {
        sharedRels = SharedSubPlans.of(root);
        PlanNode node = visit(root);
        if (!node.distribution().isSingle()) {
            node = AggregationPlanner.gatherToCoordinator(node);
        }
        return node;
    }

    double rows(RelNode rel)
    {
        Double rows = metadata.getRowCount(rel);
        return rows == null ? 1000 : rows;
    }

    /** Whether several parents read this node, which is then planned once with all its fields. */
    boolean isShared(RelNode rel)
    {
        return sharedRels.contains(rel);
    }

    /**
     * Whether {@code rel} is a part of the recursive term being planned that does not read the working
     * table: it is computed once, by its own plan, and {@link #visit} gives the node that reads it.
     */
    boolean isComputedOnce(RelNode rel)
    {
        return recursion != null && !recursion.readsWorkingTable(rel);
    }

    PlanNode visit(RelNode rel)
    {
        if (recursion != null) {
            if (!recursion.readsWorkingTable(rel)) {
                return computedOnce(rel);
            }
            if (rel instanceof TableScan scan) {
                return castTo(new WorkingTableNode(recursion.name, recursion.types, rows(scan)), types(scan));
            }
            if (rel instanceof RepeatUnion) {
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: a recursive CTE inside the recursive term of " + recursion.name + " that reads " + recursion.name);
            }
        }
        if (sharedRels.contains(rel)) {
            PlanNode planned = sharedPlans.get(rel);
            if (planned == null) {
                planned = visitOnce(rel);
                sharedPlans.put(rel, planned);
            }
            return planned;
        }
        return visitOnce(rel);
    }

    private PlanNode visitOnce(RelNode rel)
    {
        return switch (rel) {
            case TableScan scan -> scan(scan, null);
            case Project project -> project(project);
            case Filter filter -> filter(filter);
            case Aggregate aggregate -> aggregations.plan(readingOnlyUsedColumns(aggregate));
            case Join join -> joins.planAllFields(join);
            case Sort sort -> sort(sort);
            case Window window -> windows.plan(window);
            case Union union -> union(union);
            case Values values -> values(values);
            case RepeatUnion repeatUnion -> recursiveUnion(repeatUnion);
            case Intersect intersect -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: INTERSECT");
            case Minus minus -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: EXCEPT");
            case Correlate correlate -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: a correlated sub-query that could not be decorrelated");
            default -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + rel.getRelTypeName().replace("Logical", ""));
        };
    }

    /**
     * An aggregate straight over a scan, given a projection of the columns it uses (one for
     * {@code count(*)}): the scan reads every column it is given, and a file or stored table decodes them.
     */
    private static Aggregate readingOnlyUsedColumns(Aggregate aggregate)
    {
        if (!(aggregate.getInput() instanceof TableScan scan)) {
            return aggregate;
        }
        int fieldCount = scan.getRowType().getFieldCount();
        List<Integer> used = new ArrayList<>(new TreeSet<>(RelOptUtil.getAllFields(aggregate)));
        if (used.size() == fieldCount) {
            return aggregate;
        }
        if (used.isEmpty()) {
            used.add(0);
        }
        Mapping mapping = Mappings.create(MappingType.PARTIAL_FUNCTION, fieldCount, used.size());
        for (int i = 0; i < used.size(); i++) {
            mapping.set(used.get(i), i);
        }
        List<ImmutableBitSet> groupSets = aggregate.getGroupSets().stream().map(set -> Mappings.apply(mapping, set)).toList();
        List<AggregateCall> calls = aggregate.getAggCallList().stream().map(call -> call.transform(mapping)).toList();
        return aggregate.copy(aggregate.getTraitSet(), RelOptUtil.createProject(scan, used), Mappings.apply(mapping, aggregate.getGroupSet()), groupSets, calls);
    }

    private TableScanNode scan(TableScan scan, int[] columns)
    {
        SignoCalciteTable table = scan.getTable().unwrap(SignoCalciteTable.class);
        if (table == null) {
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "unknown table " + scan.getTable().getQualifiedName());
        }
        if (columns == null) {
            columns = new int[table.table().columns().size()];
            for (int i = 0; i < columns.length; i++) {
                columns[i] = i;
            }
        }
        return new TableScanNode(table.table(), columns, rows(scan));
    }

    /** A filter and/or projection over an input; over a scan, only the referenced columns are read. */
    private PlanNode filterProject(RelNode input, RexNode condition, List<RexNode> projects, RelNode rel)
    {
        PlanNode source;
        FieldChannels channels;
        if (input instanceof TableScan scan && recursion == null) {
            int[] columns = fieldsRead(condition, projects).toArray();
            if (columns.length == 0) {
                columns = new int[] {0};
            }
            TableScanNode tableScan = scan(scan, columns);
            source = tableScan.withPredicate(ScanPredicateExtractor.extract(condition, tableScan.table()));
            channels = FieldChannels.ofColumns(scan.getRowType().getFieldCount(), columns);
        }
        else if (input instanceof Join join && !sharedRels.contains(join) && !isComputedOnce(join)) {
            // only the join columns this filter and projection read are gathered by the join
            JoinOutput output = joins.plan(join, fieldsRead(condition, projects));
            source = output.node();
            channels = output.channels();
        }
        else if (condition != null && input instanceof Window window && !sharedRels.contains(window)
                && windows.topNPerPartition(window, condition, rows(rel)) instanceof WindowPlanner.TopNPlan topN) {
            // a filter on a ranking window: the top rows of each partition, without sorting whole partitions
            source = topN.node();
            condition = topN.remainingCondition();
            channels = FieldChannels.identity(input.getRowType().getFieldCount());
        }
        else {
            source = visit(input);
            channels = FieldChannels.identity(input.getRowType().getFieldCount());
        }
        RexTranslator translator = new RexTranslator(rexBuilder, channels.toArray(), source.outputTypes());
        Expression filter = condition == null ? null : translator.translate(condition);
        List<Expression> projections = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        List<String> names = rel.getRowType().getFieldNames();
        for (int i = 0; i < projects.size(); i++) {
            projections.add(translator.translate(projects.get(i)));
            texts.add(names.get(i) + " := " + explainText(projects.get(i)));
        }
        return new FilterProjectNode(source, filter, condition == null ? null : explainText(condition), projections, texts, rows(rel));
    }

    private static ImmutableBitSet fieldsRead(RexNode condition, List<RexNode> projects)
    {
        ImmutableBitSet.Builder used = ImmutableBitSet.builder();
        if (condition != null) {
            used.addAll(RelOptUtil.InputFinder.bits(condition));
        }
        for (RexNode project : projects) {
            used.addAll(RelOptUtil.InputFinder.bits(project));
        }
        return used.build();
    }

    /** An expression as EXPLAIN shows it: Calcite's digest without its charset prefix on every string. */
    static String explainText(RexNode node)
    {
        return node.toString().replace("_UTF-8'", "'");
    }

    private PlanNode project(Project project)
    {
        if (project.getInput() instanceof Filter filter) {
            return filterProject(filter.getInput(), filter.getCondition(), project.getProjects(), project);
        }
        return filterProject(project.getInput(), null, project.getProjects(), project);
    }

    private PlanNode filter(Filter filter)
    {
        return filterProject(filter.getInput(), filter.getCondition(), rexBuilder.identityProjects(filter.getInput().getRowType()), filter);
    }

    private PlanNode sort(Sort sort)
    {
        PlanNode source = visit(sort.getInput());
        List<Integer> channels = new ArrayList<>();
        List<SortOrder> orders = new ArrayList<>();
        for (RelFieldCollation collation : sort.getCollation().getFieldCollations()) {
            channels.add(collation.getFieldIndex());
            orders.add(sortOrder(collation));
        }
        long offset = sort.offset == null ? 0 : longValue(sort.offset, "OFFSET");
        Long fetch = sort.fetch == null ? null : longValue(sort.fetch, "LIMIT");
        double rows = rows(sort);
        if (channels.isEmpty()) {
            if (fetch == null && offset == 0) {
                return source;
            }
            long limit = fetch == null ? Long.MAX_VALUE : fetch;
            if (!source.distribution().isSingle()) {
                long partialLimit = fetch == null ? Long.MAX_VALUE : saturatedAdd(limit, offset);
                source = ExchangeNode.gather(new LimitNode(source, partialLimit, 0, true, rows));
            }
            return new LimitNode(source, limit, offset, false, rows);
        }
        if (fetch != null) {
            long count = saturatedAdd(fetch, offset);
            if (!source.distribution().isSingle()) {
                source = ExchangeNode.gather(new TopNNode(source, count, channels, orders, true, rows));
            }
            PlanNode topN = new TopNNode(source, count, channels, orders, false, rows);
            return offset == 0 ? topN : new LimitNode(topN, fetch, offset, false, rows);
        }
        if (!source.distribution().isSingle()) {
            source = AggregationPlanner.gatherToCoordinator(source);
        }
        PlanNode sorted = new SortNode(source, channels, orders, rows);
        return offset == 0 ? sorted : new LimitNode(sorted, Long.MAX_VALUE, offset, false, rows);
    }

    /** A Calcite sort key's direction; without NULLS FIRST or LAST, NULL sorts high (last ascending, first descending). */
    static SortOrder sortOrder(RelFieldCollation collation)
    {
        boolean ascending = !collation.getDirection().isDescending();
        boolean nullsFirst = switch (collation.nullDirection) {
            case FIRST -> true;
            case LAST -> false;
            case UNSPECIFIED -> !ascending;
        };
        return new SortOrder(ascending, nullsFirst);
    }

    private static long saturatedAdd(long a, long b)
    {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static long longValue(RexNode node, String clause)
    {
        if (node instanceof RexLiteral literal) {
            Long value = literal.getValueAs(Long.class);
            if (value != null && value >= 0) {
                return value;
            }
        }
        throw new SignoException(ErrorCode.INVALID_ARGUMENT, clause + " must be a non-negative integer constant: " + node);
    }

    private PlanNode union(Union union)
    {
        if (!union.all) {
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "UNION DISTINCT should have been rewritten to an aggregation");
        }
        List<Type> types = types(union);
        List<PlanNode> sources = new ArrayList<>();
        for (RelNode input : union.getInputs()) {
            sources.add(castWhereStoredUnlike(visit(input), types));
        }
        return new ExchangeNode(sources, ExchangeKind.ROUND_ROBIN, ExchangeNode.Scope.REMOTE, List.of(), rows(union), 0);
    }

    private PlanNode values(Values values)
    {
        List<Type> types = new ArrayList<>();
        for (var field : values.getRowType().getFieldList()) {
            types.add(CalciteTypes.toSigno(field.getType()));
        }
        int rowCount = values.getTuples().size();
        ColumnVector[] columns = new ColumnVector[types.size()];
        for (int column = 0; column < types.size(); column++) {
            VectorBuilder builder = new VectorBuilder(types.get(column), rowCount);
            RexTranslator translator = RexTranslator.identity(rexBuilder, List.of());
            for (List<RexLiteral> tuple : values.getTuples()) {
                Expression constant = translator.translateAs(tuple.get(column), types.get(column));
                Expression typed = constant.type().equals(types.get(column)) ? constant : Expressions.cast(constant, types.get(column));
                builder.appendFrom(typed.evaluate(new Page(1), null, 1, PageAllocator.transientPages()), 0);
            }
            columns[column] = builder.build();
        }
        List<Page> pages = rowCount == 0 ? List.of() : List.of(new Page(rowCount, columns));
        return new ValuesNode(types, pages, rowCount);
    }

    /**
     * A recursive CTE. The seed is planned as any query and gathered; the recursive term is planned
     * for one node, to run again for every working table: its parts that do not read the working
     * table become inputs of the recursion, each planned with the full distributed plan and computed
     * once (a {@link RecursionInputNode} reads it), and what remains reads only those inputs, the
     * working table and constants, so it needs no exchange.
     */
    private PlanNode recursiveUnion(RepeatUnion union)
    {
        RelOptTable table = union.getTransientTable() != null ? union.getTransientTable() : ((TableSpool) union.getSeedRel()).getTable();
        String name = table.getQualifiedName().getLast();
        List<Type> types = types(union);
        RelNode seedRel = withoutSpool(union.getSeedRel());
        RelNode termRel = withoutSpool(union.getIterativeRel());
        Recursion term = new Recursion(table, name, types);
        int references = term.references(termRel);
        if (references > 1) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: the recursive term of " + name + " reads " + name + " " + references
                    + " times; a recursive CTE may refer to itself only once in its recursive term");
        }
        PlanNode seed = visit(seedRel);
        if (!seed.distribution().isSingle()) {
            seed = ExchangeNode.gather(seed);
        }
        Recursion outer = recursion;
        recursion = term;
        PlanNode recursiveTerm;
        try {
            recursiveTerm = visit(termRel);
        }
        finally {
            recursion = outer;
        }
        return new RecursiveUnionNode(name, castTo(seed, types), term.inputs, castTo(recursiveTerm, types), !union.all, maxRecursionDepth, rows(union));
    }

    private static RelNode withoutSpool(RelNode rel)
    {
        return rel instanceof TableSpool spool ? spool.getInput() : rel;
    }

    /** A part of the recursive term that does not read the working table: planned as a query of its own, to be computed once. */
    private PlanNode computedOnce(RelNode rel)
    {
        Recursion term = recursion;
        recursion = null;
        PlanNode node;
        try {
            node = visit(rel);
        }
        finally {
            recursion = term;
        }
        if (node instanceof ValuesNode) {
            // constants: every run reads them as they are
            return node;
        }
        if (!node.distribution().isSingle()) {
            node = ExchangeNode.gather(node);
        }
        term.inputs.add(node);
        return new RecursionInputNode(term.inputs.size() - 1, node.outputTypes(), node.estimatedRows());
    }

    private static List<Type> types(RelNode rel)
    {
        List<Type> types = new ArrayList<>();
        for (var field : rel.getRowType().getFieldList()) {
            types.add(CalciteTypes.toSigno(field.getType()));
        }
        return types;
    }

    /**
     * The node with its columns cast to {@code types} where their values are stored differently: an
     * input of a UNION whose column a rewrite left of another type than the UNION's (a BIGINT constant
     * become an INTEGER) would send values of the wrong width to the stage that reads the UNION.
     */
    private static PlanNode castWhereStoredUnlike(PlanNode node, List<Type> types)
    {
        List<Type> sourceTypes = node.outputTypes();
        if (sourceTypes.size() != types.size()) {
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "a UNION input of " + sourceTypes.size() + " columns where the UNION has " + types.size() + ": " + sourceTypes + ", " + types);
        }
        List<Type> targets = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            targets.add(sourceTypes.get(i).storedLike(types.get(i)) ? sourceTypes.get(i) : types.get(i));
        }
        return castTo(node, targets);
    }

    /** The node with its columns cast to {@code types} where they differ. */
    private static PlanNode castTo(PlanNode node, List<Type> types)
    {
        List<Type> sourceTypes = node.outputTypes();
        if (sourceTypes.equals(types)) {
            return node;
        }
        List<Expression> projections = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            Expression input = Expressions.input(i, sourceTypes.get(i));
            boolean same = sourceTypes.get(i).equals(types.get(i));
            projections.add(same ? input : Expressions.cast(input, types.get(i)));
            texts.add("$" + i + (same ? "" : " := CAST($" + i + " AS " + types.get(i) + ")"));
        }
        return new FilterProjectNode(node, null, null, projections, texts, node.estimatedRows());
    }

    /** The recursive term of a recursive CTE being planned: which of its parts read the working table, and the inputs computed once. */
    private static final class Recursion
    {
        final RelOptTable table;
        final String name;
        /** The working table's columns: the recursion's. */
        final List<Type> types;
        final List<PlanNode> inputs = new ArrayList<>();
        private final Map<RelNode, Boolean> readsWorkingTable = new IdentityHashMap<>();

        Recursion(RelOptTable table, String name, List<Type> types)
        {
            this.table = table;
            this.name = name;
            this.types = types;
        }

        boolean readsWorkingTable(RelNode rel)
        {
            Boolean known = readsWorkingTable.get(rel);
            if (known != null) {
                return known;
            }
            boolean reads = rel instanceof TableScan scan && isWorkingTable(scan.getTable());
            for (RelNode input : rel.getInputs()) {
                // every input is visited, so that each is remembered
                reads |= readsWorkingTable(input);
            }
            readsWorkingTable.put(rel, reads);
            return reads;
        }

        /** How many times the term reads the working table, a sub-plan read by two parents counting twice. */
        int references(RelNode rel)
        {
            int count = rel instanceof TableScan scan && isWorkingTable(scan.getTable()) ? 1 : 0;
            for (RelNode input : rel.getInputs()) {
                count += references(input);
            }
            return count;
        }

        private boolean isWorkingTable(RelOptTable other)
        {
            TransientTable transientTable = table.unwrap(TransientTable.class);
            if (transientTable != null) {
                return transientTable == other.unwrap(TransientTable.class);
            }
            return table.getQualifiedName().equals(other.getQualifiedName());
        }
    }
}
