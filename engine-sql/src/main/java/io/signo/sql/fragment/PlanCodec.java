package io.signo.sql.fragment;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.expression.Expression;
import io.signo.core.expression.ExpressionCodec;
import io.signo.core.operator.aggregation.AggregateCall;
import io.signo.core.operator.aggregation.AggregateKind;
import io.signo.core.operator.aggregation.AggregationStep;
import io.signo.core.operator.join.JoinType;
import io.signo.core.operator.scan.ColumnConstraint;
import io.signo.core.operator.scan.SegmentPredicate;
import io.signo.core.operator.sort.SortOrder;
import io.signo.core.operator.window.FrameBound;
import io.signo.core.operator.window.WindowFrame;
import io.signo.core.operator.window.WindowFunction;
import io.signo.core.operator.window.WindowFunctionKind;
import io.signo.sql.rel.AggregationNode;
import io.signo.sql.rel.Distribution;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.FilterProjectNode;
import io.signo.sql.rel.GroupIdNode;
import io.signo.sql.rel.HashJoinNode;
import io.signo.sql.rel.HashJoinStrategy;
import io.signo.sql.rel.JoinDistribution;
import io.signo.sql.rel.LimitNode;
import io.signo.sql.rel.NestedLoopJoinNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.RecursionInputNode;
import io.signo.sql.rel.RecursiveUnionNode;
import io.signo.sql.rel.RowIfEmptyNode;
import io.signo.sql.rel.SortNode;
import io.signo.sql.rel.TableScanNode;
import io.signo.sql.rel.TableWriterNode;
import io.signo.sql.rel.TopNNode;
import io.signo.sql.rel.TopNPerPartitionNode;
import io.signo.sql.rel.ValuesNode;
import io.signo.sql.rel.WindowNode;
import io.signo.sql.rel.WorkingTableNode;
import io.signo.storage.error.SignoException;
import io.signo.storage.file.csv.CsvTable;
import io.signo.storage.file.parquet.ParquetTable;
import io.signo.storage.page.Page;
import io.signo.storage.serde.BinaryInput;
import io.signo.storage.serde.BinaryOutput;
import io.signo.storage.serde.CompressionCodec;
import io.signo.storage.serde.PageDeserializer;
import io.signo.storage.serde.PageSerializer;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Table;
import io.signo.storage.tpcds.GeneratedTpcdsTables;
import io.signo.storage.tpch.GeneratedTpchTables;
import io.signo.storage.type.Type;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static io.signo.core.expression.ExpressionCodec.readType;
import static io.signo.core.expression.ExpressionCodec.readTypes;
import static io.signo.core.expression.ExpressionCodec.writeType;
import static io.signo.core.expression.ExpressionCodec.writeTypes;
import static java.util.Objects.requireNonNull;

/**
 * Encodes a physical plan to bytes on the coordinator and decodes it on a worker, in a compact
 * versioned binary form: a kind byte and a version byte, then the root node. Each node kind is a tag
 * followed by its fields in a fixed order (types, channels, enums as ordinals, estimates, its
 * sources); expressions are {@link ExpressionCodec}'s form. A node reached a second time (a sub-plan
 * with several parents) is written as a back reference to the first, so the decoded plan shares it
 * as the original does, and so does a table read twice. Reading checks every length against the
 * bytes left and bounds the nesting, so malformed bytes fail with {@code CORRUPT_DATA} naming the
 * field rather than with an unbounded allocation or a {@link ClassCastException}.
 * <ul>
 * <li>tables are not shipped: a generated table travels as what to generate, any other table of a
 * catalog by name, resolved on decode against the worker's own catalog, which holds the worker's
 * share of the data;</li>
 * <li>the pages of VALUES nodes (native memory) travel in the page wire format;</li>
 * <li>what is sent once per load or statement rather than per query (a cluster database's table
 * entry, a file table's layout, a writer's target, a literal of a class the binary form has no tag
 * for) travels as a field of Java serialization bytes, read behind an {@link ObjectInputFilter} that
 * admits only Signo's classes and the few JDK value and collection classes they hold, with bounded
 * depth, references, array lengths and bytes.</li>
 * </ul>
 * Coordinator and workers run the same build: a change to any tag or field order changes {@link #VERSION}.
 */
public final class PlanCodec
{
    static final int MAX_DEPTH = 500;
    static final long MAX_REFERENCES = 1_000_000;
    static final long MAX_BYTES = 256L * 1024 * 1024;
    static final int MAX_ARRAY_LENGTH = 64 * 1024 * 1024;

    private static final int KIND = 'P';
    private static final int VERSION = 1;
    private static final String MESSAGE = "plan";

    // node tags: append only
    private static final int NODE_REFERENCE = 0;
    private static final int TABLE_SCAN = 1;
    private static final int FILTER_PROJECT = 2;
    private static final int AGGREGATION = 3;
    private static final int HASH_JOIN = 4;
    private static final int NESTED_LOOP_JOIN = 5;
    private static final int SORT = 6;
    private static final int TOP_N = 7;
    private static final int WINDOW = 8;
    private static final int TOP_N_PER_PARTITION = 9;
    private static final int GROUP_ID = 10;
    private static final int ROW_IF_EMPTY = 11;
    private static final int LIMIT = 12;
    private static final int VALUES = 13;
    private static final int EXCHANGE = 14;
    private static final int TABLE_WRITER = 15;
    private static final int RECURSIVE_UNION = 16;
    private static final int WORKING_TABLE = 17;
    private static final int RECURSION_INPUT = 18;

    // table tags
    private static final int TABLE_SEEN = 0;
    private static final int TABLE_BY_NAME = 1;
    private static final int TABLE_TPCH = 2;
    private static final int TABLE_TPCDS = 3;
    private static final int TABLE_OTHER = 4;

    // constraint tags
    private static final int CONSTRAINT_RANGE = 0;
    private static final int CONSTRAINT_IN = 1;
    private static final int CONSTRAINT_NOT_NULL = 2;

    private static final Distribution.Kind[] DISTRIBUTION_KINDS = Distribution.Kind.values();
    private static final JoinDistribution.Kind[] JOIN_DISTRIBUTION_KINDS = JoinDistribution.Kind.values();
    private static final JoinType[] JOIN_TYPES = JoinType.values();
    private static final HashJoinStrategy[] HASH_JOIN_STRATEGIES = HashJoinStrategy.values();
    private static final AggregateKind[] AGGREGATE_KINDS = AggregateKind.values();
    private static final AggregationStep[] AGGREGATION_STEPS = AggregationStep.values();
    private static final ExchangeKind[] EXCHANGE_KINDS = ExchangeKind.values();
    private static final ExchangeNode.Scope[] EXCHANGE_SCOPES = ExchangeNode.Scope.values();
    private static final WindowFunctionKind[] WINDOW_FUNCTION_KINDS = WindowFunctionKind.values();
    private static final FrameBound.Kind[] FRAME_BOUND_KINDS = FrameBound.Kind.values();

    private static final String ALLOWED_CLASSES = String.join(";",
            "io.signo.**",
            "java.lang.Boolean",
            "java.lang.Byte",
            "java.lang.Short",
            "java.lang.Character",
            "java.lang.Integer",
            "java.lang.Long",
            "java.lang.Float",
            "java.lang.Double",
            "java.lang.Number",
            // the element type of the Object[] inside CollSer; Object itself is not serializable
            "java.lang.Object",
            "java.lang.String",
            "java.lang.Enum",
            "java.math.BigDecimal",
            "java.math.BigInteger",
            "java.math.RoundingMode",
            "java.util.ArrayList",
            // List.of and List.copyOf write themselves through CollSer
            "java.util.CollSer",
            "java.util.ImmutableCollections$*",
            "!*");

    private static final ObjectInputFilter ALLOWED = ObjectInputFilter.Config.createFilter(
            "maxdepth=" + MAX_DEPTH + ";maxrefs=" + MAX_REFERENCES + ";maxbytes=" + MAX_BYTES + ";maxarray=" + MAX_ARRAY_LENGTH + ";" + ALLOWED_CLASSES);

    private PlanCodec() {}

    public static byte[] encode(PlanNode root)
    {
        return encode(root, _ -> null);
    }

    /**
     * Encodes a plan whose tables that {@code storedTables} gives a reference for are a cluster
     * database's: they travel as the entry of the version the plan read (file ids and deleted rows),
     * which each worker reads its files of. Generated tables travel as what to generate, tables of
     * files read in place as their files and layout (every worker must see the same paths), the others
     * by name.
     */
    public static byte[] encode(PlanNode root, Function<Table, StoredTableReference> storedTables)
    {
        requireNonNull(root, "root is null");
        requireNonNull(storedTables, "storedTables is null");
        PlanWriter writer = new PlanWriter(storedTables);
        writer.out.writeByte(KIND).writeByte(VERSION);
        writer.writeNode(root);
        return writer.out.toByteArray();
    }

    /**
     * Decodes a plan, resolving its tables by name in {@code catalog}.
     *
     * @throws PlanDecodingException when the bytes are malformed, hold a class or size the filter does
     *         not allow, or name a table that {@code catalog} lacks
     */
    public static PlanNode decode(byte[] bytes, Catalog catalog)
    {
        return decode(bytes, catalog, reference -> {
            throw new IllegalArgumentException("this node holds no database files: cannot read table " + reference.entry().name());
        });
    }

    /**
     * Decodes a plan, resolving its tables by name in {@code catalog}, and the tables of a cluster
     * database through {@code storedTables} (this worker's files of the entry's version).
     */
    public static PlanNode decode(byte[] bytes, Catalog catalog, Function<StoredTableReference, Table> storedTables)
    {
        requireNonNull(bytes, "bytes is null");
        requireNonNull(catalog, "catalog is null");
        BinaryInput in = new BinaryInput(bytes, MESSAGE);
        try {
            in.expectHeader(KIND, VERSION);
            PlanNode root = new PlanReader(in, catalog, storedTables).readNode(0);
            in.expectEnd();
            return root;
        }
        catch (PlanDecodingException e) {
            throw e;
        }
        catch (SignoException e) {
            throw new PlanDecodingException(e.getMessage(), e);
        }
        catch (RuntimeException e) {
            // a node whose fields were read but do not fit together, or a table that cannot be opened
            throw new PlanDecodingException("malformed plan: " + e.getMessage(), e);
        }
        catch (StackOverflowError e) {
            // the depth limits keep a plan of this build well within a thread's stack; this is the last guard
            throw new PlanDecodingException("malformed plan: it exceeds the limits (nested deeper than this thread's stack)", null);
        }
    }

    private static final class PlanWriter
    {
        private final BinaryOutput out = new BinaryOutput(1024);
        private final Function<Table, StoredTableReference> storedTables;
        private final ExpressionCodec expressions = new ExpressionCodec(new JavaSerializedValues());
        private final Map<PlanNode, Integer> writtenNodes = new IdentityHashMap<>();
        private final Map<Table, Integer> writtenTables = new IdentityHashMap<>();
        private final PageSerializer pageSerializer = new PageSerializer(CompressionCodec.NONE);

        PlanWriter(Function<Table, StoredTableReference> storedTables)
        {
            this.storedTables = storedTables;
        }

        void writeNode(PlanNode node)
        {
            Integer seen = writtenNodes.get(node);
            if (seen != null) {
                out.writeByte(NODE_REFERENCE).writeInt(seen);
                return;
            }
            switch (node) {
                case TableScanNode scan -> {
                    out.writeByte(TABLE_SCAN);
                    writeTable(scan.table());
                    out.writeInts(scan.columns()).writeDouble(scan.estimatedRows()).writeBoolean(scan.onEveryWorker());
                    writePredicate(scan.predicate());
                }
                case FilterProjectNode filterProject -> {
                    out.writeByte(FILTER_PROJECT);
                    writeNode(filterProject.source());
                    expressions.write(filterProject.filter(), out);
                    out.writeNullableString(filterProject.filterText());
                    writeExpressions(filterProject.projections());
                    writeStrings(filterProject.projectionTexts());
                    out.writeDouble(filterProject.estimatedRows());
                }
                case AggregationNode aggregation -> {
                    out.writeByte(AGGREGATION);
                    writeNode(aggregation.source());
                    out.writeInts(aggregation.groupChannels());
                    writeTypes(aggregation.groupTypes(), out);
                    out.writeInt(aggregation.calls().size());
                    for (AggregateCall call : aggregation.calls()) {
                        writeAggregateCall(call);
                    }
                    out.writeEnum(aggregation.step());
                    writeTypes(aggregation.outputTypes(), out);
                    writeDistribution(aggregation.distribution());
                    out.writeDouble(aggregation.estimatedRows());
                }
                case HashJoinNode join -> {
                    out.writeByte(HASH_JOIN);
                    writeNode(join.probe());
                    writeNode(join.build());
                    out.writeEnum(join.joinType()).writeEnum(join.strategy()).writeInts(join.probeKeys()).writeInts(join.buildKeys());
                    expressions.write(join.residual(), out);
                    out.writeNullableString(join.residualText());
                    writeJoinDistribution(join.joinDistribution());
                    writeDistribution(join.distribution());
                    out.writeDouble(join.estimatedRows()).writeInts(join.probeOutputs()).writeInts(join.buildOutputs()).writeBoolean(join.runtimeFilters());
                }
                case NestedLoopJoinNode join -> {
                    out.writeByte(NESTED_LOOP_JOIN);
                    writeNode(join.probe());
                    writeNode(join.build());
                    out.writeEnum(join.joinType());
                    expressions.write(join.residual(), out);
                    out.writeNullableString(join.residualText());
                    writeJoinDistribution(join.joinDistribution());
                    writeDistribution(join.distribution());
                    out.writeDouble(join.estimatedRows());
                }
                case SortNode sort -> {
                    out.writeByte(SORT);
                    writeNode(sort.source());
                    out.writeInts(sort.sortChannels());
                    writeOrders(sort.orders());
                    out.writeDouble(sort.estimatedRows());
                }
                case TopNNode topN -> {
                    out.writeByte(TOP_N);
                    writeNode(topN.source());
                    out.writeLong(topN.count()).writeInts(topN.sortChannels());
                    writeOrders(topN.orders());
                    out.writeBoolean(topN.partial()).writeDouble(topN.estimatedRows());
                }
                case WindowNode window -> {
                    out.writeByte(WINDOW);
                    writeNode(window.source());
                    out.writeInts(window.partitionChannels()).writeInts(window.orderChannels());
                    writeOrders(window.orders());
                    out.writeInt(window.functions().size());
                    for (WindowFunction function : window.functions()) {
                        writeWindowFunction(function);
                    }
                    out.writeDouble(window.estimatedRows());
                }
                case TopNPerPartitionNode topN -> {
                    out.writeByte(TOP_N_PER_PARTITION);
                    writeNode(topN.source());
                    out.writeInts(topN.partitionChannels()).writeInts(topN.sortChannels());
                    writeOrders(topN.orders());
                    out.writeEnum(topN.ranking()).writeInt(topN.maxRank()).writeBoolean(topN.partial());
                    writeType(topN.rankType(), out);
                    out.writeDouble(topN.estimatedRows());
                }
                case GroupIdNode groupId -> {
                    out.writeByte(GROUP_ID);
                    writeNode(groupId.source());
                    out.writeInts(groupId.keyChannels()).writeInt(groupId.groupingSets().size());
                    for (List<Integer> set : groupId.groupingSets()) {
                        out.writeInts(set);
                    }
                    out.writeDouble(groupId.estimatedRows());
                }
                case RowIfEmptyNode rowIfEmpty -> {
                    out.writeByte(ROW_IF_EMPTY);
                    writeNode(rowIfEmpty.source());
                    out.writeInt(rowIfEmpty.row().size());
                    for (Object value : rowIfEmpty.row()) {
                        expressions.writeValue(value, out);
                    }
                }
                case LimitNode limit -> {
                    out.writeByte(LIMIT);
                    writeNode(limit.source());
                    out.writeLong(limit.limit()).writeLong(limit.offset()).writeBoolean(limit.partial()).writeDouble(limit.estimatedRows());
                }
                case ValuesNode values -> {
                    out.writeByte(VALUES);
                    writeTypes(values.outputTypes(), out);
                    out.writeInt(values.pages().size());
                    for (Page page : values.pages()) {
                        out.writeBytes(pageSerializer.serialize(page));
                    }
                    out.writeDouble(values.estimatedRows());
                }
                case ExchangeNode exchange -> {
                    out.writeByte(EXCHANGE);
                    writeNodes(exchange.sources());
                    out.writeEnum(exchange.kind()).writeEnum(exchange.scope()).writeInts(exchange.hashChannels()).writeDouble(exchange.estimatedRows()).writeInt(exchange.tableBuckets());
                }
                case TableWriterNode writer -> {
                    out.writeByte(TABLE_WRITER);
                    writeNode(writer.source());
                    // once per statement that writes: its checks and layout keep their Java serialized form
                    writeJavaSerialized(writer.target(), out);
                }
                case RecursiveUnionNode union -> {
                    out.writeByte(RECURSIVE_UNION).writeString(union.name());
                    writeNode(union.seed());
                    writeNodes(union.inputs());
                    writeNode(union.recursiveTerm());
                    out.writeBoolean(union.distinct()).writeInt(union.maxIterations()).writeDouble(union.estimatedRows());
                }
                case WorkingTableNode working -> {
                    out.writeByte(WORKING_TABLE).writeString(working.name());
                    writeTypes(working.outputTypes(), out);
                    out.writeDouble(working.estimatedRows());
                }
                case RecursionInputNode input -> {
                    out.writeByte(RECURSION_INPUT).writeInt(input.index());
                    writeTypes(input.outputTypes(), out);
                    out.writeDouble(input.estimatedRows());
                }
            }
            // numbered once written whole, as the reader numbers a node once it has built it
            writtenNodes.put(node, writtenNodes.size());
        }

        private void writeNodes(List<PlanNode> nodes)
        {
            out.writeInt(nodes.size());
            for (PlanNode node : nodes) {
                writeNode(node);
            }
        }

        private void writeExpressions(List<Expression> list)
        {
            out.writeInt(list.size());
            for (Expression expression : list) {
                expressions.write(expression, out);
            }
        }

        private void writeStrings(List<String> strings)
        {
            out.writeInt(strings.size());
            for (String string : strings) {
                out.writeNullableString(string);
            }
        }

        /** What to generate, the entry of a stored table's version, a file table's layout, or else the name. */
        private void writeTable(Table table)
        {
            Integer seen = writtenTables.get(table);
            if (seen != null) {
                out.writeByte(TABLE_SEEN).writeInt(seen);
                return;
            }
            writtenTables.put(table, writtenTables.size());
            GeneratedTpchTables.Reference tpch = GeneratedTpchTables.referenceTo(table);
            if (tpch != null) {
                out.writeByte(TABLE_TPCH).writeString(tpch.name()).writeDouble(tpch.scaleFactor());
                return;
            }
            GeneratedTpcdsTables.Reference tpcds = GeneratedTpcdsTables.referenceTo(table);
            if (tpcds != null) {
                out.writeByte(TABLE_TPCDS).writeString(tpcds.name()).writeDouble(tpcds.scaleFactor());
                return;
            }
            Object other = CsvTable.referenceTo(table);
            if (other == null) {
                other = ParquetTable.referenceTo(table);
            }
            if (other == null) {
                other = storedTables.apply(table);
            }
            if (other != null) {
                out.writeByte(TABLE_OTHER);
                writeJavaSerialized(other, out);
                return;
            }
            out.writeByte(TABLE_BY_NAME).writeString(table.name());
        }

        private void writePredicate(SegmentPredicate predicate)
        {
            out.writeInt(predicate.constraints().size());
            for (ColumnConstraint constraint : predicate.constraints()) {
                switch (constraint) {
                    case ColumnConstraint.Range range -> {
                        out.writeByte(CONSTRAINT_RANGE).writeInt(range.column());
                        expressions.writeValue(range.lower(), out);
                        out.writeBoolean(range.lowerInclusive());
                        expressions.writeValue(range.upper(), out);
                        out.writeBoolean(range.upperInclusive());
                    }
                    case ColumnConstraint.In in -> {
                        out.writeByte(CONSTRAINT_IN).writeInt(in.column()).writeInt(in.values().size());
                        for (Object value : in.values()) {
                            expressions.writeValue(value, out);
                        }
                    }
                    case ColumnConstraint.NotNull notNull -> out.writeByte(CONSTRAINT_NOT_NULL).writeInt(notNull.column());
                }
            }
        }

        private void writeAggregateCall(AggregateCall call)
        {
            out.writeEnum(call.kind()).writeInt(call.inputChannel());
            writeType(call.inputType(), out);
            writeType(call.outputType(), out);
            out.writeNullableString(call.separator()).writeDouble(call.fraction());
        }

        private void writeWindowFunction(WindowFunction function)
        {
            out.writeEnum(function.kind()).writeInts(function.arguments()).writeLong(function.constant());
            out.writeBoolean(function.aggregate() != null);
            if (function.aggregate() != null) {
                writeAggregateCall(function.aggregate());
            }
            writeType(function.outputType(), out);
            WindowFrame frame = function.frame();
            out.writeBoolean(frame != null);
            if (frame != null) {
                out.writeBoolean(frame.rows());
                writeFrameBound(frame.start());
                writeFrameBound(frame.end());
            }
            out.writeBoolean(function.ignoreNulls()).writeBoolean(function.distinct());
        }

        private void writeFrameBound(FrameBound bound)
        {
            out.writeEnum(bound.kind()).writeLong(bound.offset()).writeDouble(bound.doubleOffset());
        }

        private void writeOrders(List<SortOrder> orders)
        {
            out.writeInt(orders.size());
            for (SortOrder order : orders) {
                out.writeBoolean(order.ascending()).writeBoolean(order.nullsFirst());
            }
        }

        private void writeDistribution(Distribution distribution)
        {
            out.writeEnum(distribution.kind()).writeNullableString(distribution.scheme()).writeInts(distribution.keys());
        }

        private void writeJoinDistribution(JoinDistribution distribution)
        {
            out.writeBoolean(distribution != null);
            if (distribution != null) {
                out.writeEnum(distribution.kind())
                        .writeDouble(distribution.colocatedCost())
                        .writeDouble(distribution.broadcastCost())
                        .writeDouble(distribution.partitionedCost())
                        .writeNullableString(distribution.reason());
            }
        }
    }

    private static final class PlanReader
    {
        private final BinaryInput in;
        private final Catalog catalog;
        private final Function<StoredTableReference, Table> storedTables;
        private final ExpressionCodec expressions = new ExpressionCodec(new JavaSerializedValues());
        private final List<PlanNode> readNodes = new ArrayList<>();
        private final List<Table> readTables = new ArrayList<>();
        private final PageDeserializer pageDeserializer = new PageDeserializer();

        PlanReader(BinaryInput in, Catalog catalog, Function<StoredTableReference, Table> storedTables)
        {
            this.in = in;
            this.catalog = catalog;
            this.storedTables = storedTables;
        }

        PlanNode readNode(int depth)
        {
            if (depth > MAX_DEPTH) {
                throw in.malformed("plan exceeds the limits (depth " + depth + " of " + MAX_DEPTH + ")");
            }
            int tag = in.readByte("node tag");
            if (tag == NODE_REFERENCE) {
                int index = in.readInt("node reference", 0, Integer.MAX_VALUE);
                if (index >= readNodes.size()) {
                    throw in.malformed("node reference " + index + " names none of the " + readNodes.size() + " nodes before it");
                }
                return readNodes.get(index);
            }
            int next = depth + 1;
            PlanNode node = switch (tag) {
                case TABLE_SCAN -> {
                    Table table = readTable();
                    int[] columns = in.readIntArray("scan columns");
                    double estimatedRows = in.readDouble("estimated rows");
                    boolean onEveryWorker = in.readBoolean("scan on every worker");
                    SegmentPredicate predicate = readPredicate();
                    for (int column : columns) {
                        if (column < 0 || column >= table.columns().size()) {
                            throw in.malformed("scan column " + column + " is not a column of table " + table.name() + " (" + table.columns().size() + " columns)");
                        }
                    }
                    yield new TableScanNode(table, columns, estimatedRows, predicate, onEveryWorker);
                }
                case FILTER_PROJECT -> new FilterProjectNode(readNode(next), expressions.read(in), in.readNullableString("filter text"), readExpressions(), readStrings(),
                        in.readDouble("estimated rows"));
                case AGGREGATION -> {
                    PlanNode source = readNode(next);
                    List<Integer> groupChannels = in.readIntList("group channels");
                    List<Type> groupTypes = readTypes(in, "group types");
                    int callCount = in.readCount("aggregate calls", 1);
                    List<AggregateCall> calls = new ArrayList<>(callCount);
                    for (int i = 0; i < callCount; i++) {
                        calls.add(readAggregateCall());
                    }
                    yield new AggregationNode(source, groupChannels, groupTypes, calls, in.readEnum("aggregation step", AGGREGATION_STEPS), readTypes(in, "output types"),
                            readDistribution(), in.readDouble("estimated rows"));
                }
                case HASH_JOIN -> new HashJoinNode(readNode(next), readNode(next), in.readEnum("join type", JOIN_TYPES), in.readEnum("hash join strategy", HASH_JOIN_STRATEGIES),
                        in.readIntList("probe keys"), in.readIntList("build keys"), expressions.read(in), in.readNullableString("residual text"), readJoinDistribution(),
                        readDistribution(), in.readDouble("estimated rows"), in.readIntList("probe outputs"), in.readIntList("build outputs"), in.readBoolean("runtime filters"));
                case NESTED_LOOP_JOIN -> new NestedLoopJoinNode(readNode(next), readNode(next), in.readEnum("join type", JOIN_TYPES), expressions.read(in),
                        in.readNullableString("residual text"), readJoinDistribution(), readDistribution(), in.readDouble("estimated rows"));
                case SORT -> new SortNode(readNode(next), in.readIntList("sort channels"), readOrders(), in.readDouble("estimated rows"));
                case TOP_N -> new TopNNode(readNode(next), in.readLong("top n count"), in.readIntList("sort channels"), readOrders(), in.readBoolean("partial"),
                        in.readDouble("estimated rows"));
                case WINDOW -> {
                    PlanNode source = readNode(next);
                    List<Integer> partitionChannels = in.readIntList("partition channels");
                    List<Integer> orderChannels = in.readIntList("order channels");
                    List<SortOrder> orders = readOrders();
                    int functionCount = in.readCount("window functions", 1);
                    List<WindowFunction> functions = new ArrayList<>(functionCount);
                    for (int i = 0; i < functionCount; i++) {
                        functions.add(readWindowFunction());
                    }
                    yield new WindowNode(source, partitionChannels, orderChannels, orders, functions, in.readDouble("estimated rows"));
                }
                case TOP_N_PER_PARTITION -> new TopNPerPartitionNode(readNode(next), in.readIntList("partition channels"), in.readIntList("sort channels"), readOrders(),
                        in.readEnum("ranking", WINDOW_FUNCTION_KINDS), in.readInt("maximum rank"), in.readBoolean("partial"), readType(in), in.readDouble("estimated rows"));
                case GROUP_ID -> {
                    PlanNode source = readNode(next);
                    List<Integer> keyChannels = in.readIntList("key channels");
                    int setCount = in.readCount("grouping sets", Integer.BYTES);
                    List<List<Integer>> sets = new ArrayList<>(setCount);
                    for (int i = 0; i < setCount; i++) {
                        sets.add(in.readIntList("grouping set"));
                    }
                    yield new GroupIdNode(source, keyChannels, sets, in.readDouble("estimated rows"));
                }
                case ROW_IF_EMPTY -> {
                    PlanNode source = readNode(next);
                    int count = in.readCount("row values", 1);
                    List<Object> row = new ArrayList<>(count);
                    for (int i = 0; i < count; i++) {
                        row.add(expressions.readValue(in));
                    }
                    yield new RowIfEmptyNode(source, row);
                }
                case LIMIT -> new LimitNode(readNode(next), in.readLong("limit"), in.readLong("offset"), in.readBoolean("partial"), in.readDouble("estimated rows"));
                case VALUES -> {
                    List<Type> types = readTypes(in, "values types");
                    int pageCount = in.readCount("values pages", Integer.BYTES);
                    List<Page> pages = new ArrayList<>(pageCount);
                    for (int i = 0; i < pageCount; i++) {
                        pages.add(pageDeserializer.deserialize(in.readBytes("values page")));
                    }
                    yield new ValuesNode(types, pages, in.readDouble("estimated rows"));
                }
                case EXCHANGE -> new ExchangeNode(readNodes(next), in.readEnum("exchange kind", EXCHANGE_KINDS), in.readEnum("exchange scope", EXCHANGE_SCOPES),
                        in.readIntList("hash channels"), in.readDouble("estimated rows"), in.readInt("table buckets"));
                case TABLE_WRITER -> {
                    PlanNode source = readNode(next);
                    if (!(readJavaSerialized(in) instanceof TableWriterNode.Target target)) {
                        throw in.malformed("a table writer's target is not one");
                    }
                    yield new TableWriterNode(source, target, null);
                }
                case RECURSIVE_UNION -> new RecursiveUnionNode(in.readString("recursion name"), readNode(next), readNodes(next), readNode(next), in.readBoolean("distinct"),
                        in.readInt("maximum iterations"), in.readDouble("estimated rows"));
                case WORKING_TABLE -> new WorkingTableNode(in.readString("working table name"), readTypes(in, "output types"), in.readDouble("estimated rows"));
                case RECURSION_INPUT -> new RecursionInputNode(in.readInt("recursion input index"), readTypes(in, "output types"), in.readDouble("estimated rows"));
                default -> throw in.malformed("node tag " + tag + " is not one this build knows");
            };
            readNodes.add(node);
            return node;
        }

        private List<PlanNode> readNodes(int depth)
        {
            int count = in.readCount("sources", 1);
            List<PlanNode> nodes = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                nodes.add(readNode(depth));
            }
            return nodes;
        }

        private List<Expression> readExpressions()
        {
            int count = in.readCount("projections", 1);
            List<Expression> list = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                Expression expression = expressions.read(in);
                if (expression == null) {
                    throw in.malformed("a projection is missing");
                }
                list.add(expression);
            }
            return list;
        }

        private List<String> readStrings()
        {
            int count = in.readCount("projection texts", 1);
            List<String> strings = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                strings.add(in.readNullableString("projection text"));
            }
            return strings;
        }

        private Table readTable()
        {
            int tag = in.readByte("table tag");
            if (tag == TABLE_SEEN) {
                int index = in.readInt("table reference", 0, Integer.MAX_VALUE);
                if (index >= readTables.size()) {
                    throw in.malformed("table reference " + index + " names none of the " + readTables.size() + " tables before it");
                }
                return readTables.get(index);
            }
            Table table = switch (tag) {
                case TABLE_BY_NAME -> {
                    String name = in.readString("table name");
                    Table named = catalog.table(name);
                    if (named == null) {
                        throw new PlanDecodingException("plan reads table " + name + ", which is not in catalog " + catalog.schemaName() + " of this node", null);
                    }
                    yield named;
                }
                case TABLE_TPCH -> new GeneratedTpchTables.Reference(in.readString("table name"), in.readDouble("scale factor")).resolve();
                case TABLE_TPCDS -> new GeneratedTpcdsTables.Reference(in.readString("table name"), in.readDouble("scale factor")).resolve();
                case TABLE_OTHER -> switch (readJavaSerialized(in)) {
                    case CsvTable.Reference csv -> csv.resolve();
                    case ParquetTable.Reference parquet -> parquet.resolve();
                    case StoredTableReference stored -> {
                        Table opened = storedTables.apply(stored);
                        yield stored.withRowIds() ? opened.withRowIdColumn() : opened;
                    }
                    case null, default -> throw in.malformed("a table reference is not one");
                };
                default -> throw in.malformed("table tag " + tag + " is not one this build knows");
            };
            readTables.add(table);
            return table;
        }

        private SegmentPredicate readPredicate()
        {
            int count = in.readCount("scan constraints", 5);
            if (count == 0) {
                return SegmentPredicate.ALL;
            }
            List<ColumnConstraint> constraints = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int tag = in.readByte("constraint tag");
                constraints.add(switch (tag) {
                    case CONSTRAINT_RANGE -> new ColumnConstraint.Range(in.readInt("constraint column"), expressions.readValue(in), in.readBoolean("lower inclusive"),
                            expressions.readValue(in), in.readBoolean("upper inclusive"));
                    case CONSTRAINT_IN -> {
                        int column = in.readInt("constraint column");
                        int valueCount = in.readCount("constraint values", 1);
                        List<Object> values = new ArrayList<>(valueCount);
                        for (int j = 0; j < valueCount; j++) {
                            values.add(expressions.readValue(in));
                        }
                        yield new ColumnConstraint.In(column, values);
                    }
                    case CONSTRAINT_NOT_NULL -> new ColumnConstraint.NotNull(in.readInt("constraint column"));
                    default -> throw in.malformed("constraint tag " + tag + " is not one this build knows");
                });
            }
            return new SegmentPredicate(constraints);
        }

        private AggregateCall readAggregateCall()
        {
            return new AggregateCall(in.readEnum("aggregate kind", AGGREGATE_KINDS), in.readInt("aggregate input channel"), readType(in), readType(in),
                    in.readNullableString("aggregate separator"), in.readDouble("aggregate fraction"));
        }

        private WindowFunction readWindowFunction()
        {
            WindowFunctionKind kind = in.readEnum("window function kind", WINDOW_FUNCTION_KINDS);
            List<Integer> arguments = in.readIntList("window function arguments");
            long constant = in.readLong("window function constant");
            AggregateCall aggregate = in.readBoolean("window aggregate present") ? readAggregateCall() : null;
            Type outputType = readType(in);
            WindowFrame frame = in.readBoolean("window frame present") ? new WindowFrame(in.readBoolean("window frame rows"), readFrameBound(), readFrameBound()) : null;
            return new WindowFunction(kind, arguments, constant, aggregate, outputType, frame, in.readBoolean("ignore nulls"), in.readBoolean("distinct"));
        }

        private FrameBound readFrameBound()
        {
            return new FrameBound(in.readEnum("frame bound kind", FRAME_BOUND_KINDS), in.readLong("frame offset"), in.readDouble("frame double offset"));
        }

        private List<SortOrder> readOrders()
        {
            int count = in.readCount("sort orders", 2);
            List<SortOrder> orders = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                orders.add(new SortOrder(in.readBoolean("ascending"), in.readBoolean("nulls first")));
            }
            return orders;
        }

        private Distribution readDistribution()
        {
            return new Distribution(in.readEnum("distribution kind", DISTRIBUTION_KINDS), in.readNullableString("distribution scheme"), in.readIntList("distribution keys"));
        }

        private JoinDistribution readJoinDistribution()
        {
            if (!in.readBoolean("join distribution present")) {
                return null;
            }
            return new JoinDistribution(in.readEnum("join distribution kind", JOIN_DISTRIBUTION_KINDS), in.readDouble("colocated cost"), in.readDouble("broadcast cost"),
                    in.readDouble("partitioned cost"), in.readNullableString("join distribution reason"));
        }
    }

    /** The literals and references that keep a Java serialized form, as one length-prefixed field each. */
    private static final class JavaSerializedValues
            implements ExpressionCodec.OpaqueValues
    {
        @Override
        public void write(Object value, BinaryOutput out)
        {
            writeJavaSerialized(value, out);
        }

        @Override
        public Object read(BinaryInput in)
        {
            return readJavaSerialized(in);
        }
    }

    private static void writeJavaSerialized(Object value, BinaryOutput out)
    {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream stream = new ObjectOutputStream(bytes)) {
            stream.writeObject(value);
        }
        catch (IOException e) {
            throw new UncheckedIOException("cannot encode a " + value.getClass().getName() + " of a plan: " + e.getMessage(), e);
        }
        out.writeBytes(bytes.toByteArray());
    }

    private static Object readJavaSerialized(BinaryInput in)
    {
        byte[] bytes = in.readBytes("java serialized value");
        RecordingFilter filter = new RecordingFilter();
        try (ObjectInputStream stream = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            stream.setObjectInputFilter(filter);
            return stream.readObject();
        }
        catch (InvalidClassException e) {
            if (filter.rejection != null) {
                throw new PlanDecodingException("encoded plan rejected: " + filter.rejection, e);
            }
            throw new PlanDecodingException("encoded plan is not readable by this build: " + e.getMessage(), e);
        }
        catch (IOException | ClassNotFoundException e) {
            throw new PlanDecodingException("malformed plan: cannot read a java serialized value: " + e.getMessage(), e);
        }
    }

    /** Applies {@link #ALLOWED} and remembers why it rejected, for the error message. */
    private static final class RecordingFilter
            implements ObjectInputFilter
    {
        private String rejection;

        @Override
        public Status checkInput(FilterInfo info)
        {
            Status status = ALLOWED.checkInput(info);
            if (status == Status.REJECTED && rejection == null) {
                Class<?> serialClass = info.serialClass();
                rejection = serialClass != null && withinLimits(info)
                        ? "class " + serialClass.getName() + " is not allowed in a plan"
                        : limitsText(info);
            }
            return status;
        }

        private static boolean withinLimits(FilterInfo info)
        {
            return info.depth() <= MAX_DEPTH && info.references() <= MAX_REFERENCES && info.streamBytes() <= MAX_BYTES && info.arrayLength() <= MAX_ARRAY_LENGTH;
        }

        private static String limitsText(FilterInfo info)
        {
            return "exceeds the limits (depth " + info.depth() + " of " + MAX_DEPTH + ", references " + info.references() + " of " + MAX_REFERENCES
                    + ", bytes " + info.streamBytes() + " of " + MAX_BYTES + ", array length " + info.arrayLength() + " of " + MAX_ARRAY_LENGTH + ")";
        }
    }
}
