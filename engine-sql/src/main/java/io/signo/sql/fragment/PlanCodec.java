package io.signo.sql.fragment;

import io.signo.sql.rel.PlanNode;
import io.signo.storage.file.csv.CsvTable;
import io.signo.storage.file.parquet.ParquetTable;
import io.signo.storage.page.Page;
import io.signo.storage.serde.CompressionCodec;
import io.signo.storage.serde.PageDeserializer;
import io.signo.storage.serde.PageSerializer;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Table;
import io.signo.storage.tpcds.GeneratedTpcdsTables;
import io.signo.storage.tpch.GeneratedTpchTables;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * Encodes a physical plan to bytes on the coordinator and decodes it on a worker, with Java
 * serialization made small and safe:
 * <ul>
 * <li>tables are not shipped: each is written as a {@link TableReference} by name and resolved on
 * decode against the worker's own catalog, which holds the worker's share of the data;</li>
 * <li>the pages of VALUES nodes (native memory) travel in the page wire format;</li>
 * <li>decoding runs behind an {@link ObjectInputFilter} that admits only Signo's classes and the few
 * JDK value and collection classes a plan holds, with bounded depth, references, array lengths and
 * bytes, so a stream cannot make the worker instantiate anything else.</li>
 * </ul>
 * Coordinator and workers run the same build, so classes need no stable serialVersionUID.
 */
public final class PlanCodec
{
    static final int MAX_DEPTH = 500;
    static final long MAX_REFERENCES = 1_000_000;
    static final long MAX_BYTES = 256L * 1024 * 1024;
    static final int MAX_ARRAY_LENGTH = 64 * 1024 * 1024;

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
            // ROUND and decimal casts name their rounding
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
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PlanOutputStream out = new PlanOutputStream(bytes, storedTables)) {
            out.writeObject(root);
        }
        catch (IOException e) {
            throw new UncheckedIOException("cannot encode plan: " + e.getMessage(), e);
        }
        return bytes.toByteArray();
    }

    /**
     * Decodes a plan, resolving its tables by name in {@code catalog}.
     *
     * @throws PlanDecodingException when the bytes are corrupt, hold a class or size the filter does
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
        RecordingFilter filter = new RecordingFilter();
        try (PlanInputStream in = new PlanInputStream(new ByteArrayInputStream(bytes), catalog, storedTables)) {
            in.setObjectInputFilter(filter);
            Object root = in.readObject();
            if (!(root instanceof PlanNode plan)) {
                throw new PlanDecodingException("encoded plan holds a " + (root == null ? "null" : root.getClass().getName()) + ", not a plan node", null);
            }
            return plan;
        }
        catch (InvalidClassException e) {
            if (filter.rejection != null) {
                throw new PlanDecodingException("encoded plan rejected: " + filter.rejection, e);
            }
            throw new PlanDecodingException("encoded plan is not readable by this build: " + e.getMessage(), e);
        }
        catch (IOException | ClassNotFoundException | RuntimeException e) {
            if (e instanceof PlanDecodingException decodingException) {
                throw decodingException;
            }
            throw new PlanDecodingException("cannot decode plan: " + e.getMessage(), e);
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

    private static final class PlanOutputStream
            extends ObjectOutputStream
    {
        private final PageSerializer pageSerializer = new PageSerializer(CompressionCodec.NONE);
        private final Function<Table, StoredTableReference> storedTables;

        PlanOutputStream(OutputStream out, Function<Table, StoredTableReference> storedTables)
                throws IOException
        {
            super(out);
            this.storedTables = storedTables;
            enableReplaceObject(true);
        }

        @Override
        protected Object replaceObject(Object object)
        {
            return switch (object) {
                case Table table -> reference(table);
                case Page page -> new SerializedPage(pageSerializer.serialize(page));
                default -> object;
            };
        }

        /** What to generate, the entry of a stored table's version, or else the name. */
        private Object reference(Table table)
        {
            Object generated = GeneratedTpchTables.referenceTo(table);
            if (generated != null) {
                return generated;
            }
            GeneratedTpcdsTables.Reference tpcds = GeneratedTpcdsTables.referenceTo(table);
            if (tpcds != null) {
                return tpcds;
            }
            CsvTable.Reference csv = CsvTable.referenceTo(table);
            if (csv != null) {
                return csv;
            }
            ParquetTable.Reference parquet = ParquetTable.referenceTo(table);
            if (parquet != null) {
                return parquet;
            }
            StoredTableReference stored = storedTables.apply(table);
            return stored != null ? stored : new TableReference(table.name());
        }
    }

    private static final class PlanInputStream
            extends ObjectInputStream
    {
        private final Catalog catalog;
        private final Function<StoredTableReference, Table> storedTables;
        private final PageDeserializer pageDeserializer = new PageDeserializer();

        PlanInputStream(InputStream in, Catalog catalog, Function<StoredTableReference, Table> storedTables)
                throws IOException
        {
            super(in);
            this.catalog = catalog;
            this.storedTables = storedTables;
            enableResolveObject(true);
        }

        @Override
        protected Object resolveObject(Object object)
                throws IOException
        {
            return switch (object) {
                case TableReference reference -> {
                    Table table = catalog.table(reference.name());
                    if (table == null) {
                        throw new InvalidObjectException("plan reads table " + reference.name() + ", which is not in catalog " + catalog.schemaName() + " of this node");
                    }
                    yield table;
                }
                case SerializedPage page -> pageDeserializer.deserialize(page.bytes());
                case GeneratedTpchTables.Reference generated -> generated.resolve();
                case GeneratedTpcdsTables.Reference generated -> generated.resolve();
                case CsvTable.Reference csv -> csv.resolve();
                case ParquetTable.Reference parquet -> parquet.resolve();
                case StoredTableReference stored -> {
                    Table table = storedTables.apply(stored);
                    yield stored.withRowIds() ? table.withRowIdColumn() : table;
                }
                default -> object;
            };
        }
    }
}
