package io.signo.storage.file.parquet;

import dev.hardwood.HardwoodContext;
import dev.hardwood.InputFile;
import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.PhysicalType;
import dev.hardwood.metadata.RowGroup;
import dev.hardwood.metadata.Statistics;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.schema.ColumnSchema;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;
import io.signo.storage.type.Type;

import java.io.IOException;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Parquet files read in place as one table, their footers read through Hardwood: the columns of the
 * first file (the others must have the same names and types), a partition per row group ({@link
 * RowGroupSegment}, which decodes the pages) so that the drivers of a
 * process and the workers of a cluster share them, each row group's min, max and null counts
 * from the footer for pruning, and the whole table's for the planner ({@link FooterStatistics}).
 */
public final class ParquetTable
{
    /** Hardwood logs which decoders it chose at INFO, on every command's standard error; held so the level sticks. */
    private static final Logger HARDWOOD_LOG = Logger.getLogger("dev.hardwood");

    static {
        HARDWOOD_LOG.setLevel(Level.WARNING);
    }

    private static HardwoodContext context;

    private ParquetTable() {}

    /** The threads Hardwood decodes pages on, one per core, shared by every read in the process. */
    static synchronized HardwoodContext context()
    {
        if (context == null) {
            context = HardwoodContext.create(Runtime.getRuntime().availableProcessors());
        }
        return context;
    }

    /** Tables read lately, by name and files: a query plans with the footers the last one read, while every file is unchanged. */
    private static final int MAX_CACHED_TABLES = 64;

    private record CachedTable(List<FileVersion> versions, Table table) {}

    /** What tells a file's version apart: a file rewritten in place changes its modification time or size. */
    private record FileVersion(Path file, long size, FileTime modified, Object fileKey)
    {
        static FileVersion of(Path file)
                throws IOException
        {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return new FileVersion(file, attributes.size(), attributes.lastModifiedTime(), attributes.fileKey());
        }
    }

    private static final Map<String, CachedTable> TABLES = new LinkedHashMap<>(16, 0.75f, true)
    {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CachedTable> eldest)
        {
            return size() > MAX_CACHED_TABLES;
        }
    };

    /**
     * The Parquet files as one table named {@code name}. Reading the footers (and the first row
     * group's dictionaries for the planner's statistics) took a few milliseconds a file on every
     * query, a large share of a short query's CPU over many files; the table is kept and handed out
     * again while none of its files changed. Its segments are immutable, so queries share them.
     */
    public static Table of(String name, List<Path> files)
    {
        List<FileVersion> versions = new ArrayList<>(files.size());
        try {
            for (Path file : files) {
                versions.add(FileVersion.of(file));
            }
        }
        catch (IOException e) {
            // a file that cannot be looked at is reported by the read below
            versions = null;
        }
        String key = name + "\u0000" + files;
        if (versions != null) {
            synchronized (TABLES) {
                CachedTable cached = TABLES.get(key);
                if (cached != null && cached.versions().equals(versions)) {
                    return cached.table();
                }
            }
        }
        Table table = read(name, files);
        if (versions != null) {
            synchronized (TABLES) {
                TABLES.put(key, new CachedTable(List.copyOf(versions), table));
            }
        }
        return table;
    }

    private static Table read(String name, List<Path> files)
    {
        List<Column> columns = null;
        Path first = null;
        List<Partition> partitions = new ArrayList<>();
        FooterStatistics footers = null;
        long rows = 0;
        for (Path file : files) {
            try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file), context())) {
                List<Column> fileColumns = ParquetColumns.of(file, reader.getFileSchema());
                if (columns == null) {
                    columns = fileColumns;
                    first = file;
                }
                else if (!fileColumns.equals(columns)) {
                    throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + " with " + first + ": its columns " + describe(fileColumns) + " differ from " + describe(columns));
                }
                List<RowGroup> rowGroups = reader.getFileMetaData().rowGroups();
                if (rowGroups.isEmpty()) {
                    partitions.add(new Partition(partitions.size(), List.of(RowGroupSegment.emptyFile(file, columns))));
                }
                if (footers == null) {
                    footers = new FooterStatistics(columns);
                    if (!rowGroups.isEmpty()) {
                        footers.addDictionaries(file, rowGroups.getFirst());
                    }
                }
                for (int g = 0; g < rowGroups.size(); g++) {
                    RowGroup rowGroup = rowGroups.get(g);
                    ColumnStatistics[] statistics = statistics(rowGroup, columns, reader.getFileSchema().getColumns());
                    RowGroupSegment segment = new RowGroupSegment(file, g, rowGroup, columns, reader.getFileSchema().getColumns(), statistics);
                    footers.add(rowGroup, statistics);
                    if (g == 0 && file.equals(first)) {
                        footers.addSample(segment);
                    }
                    rows += segment.rowCount();
                    partitions.add(new Partition(partitions.size(), List.of(segment)));
                }
            }
            catch (IOException e) {
                throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + " as Parquet: " + e.getMessage(), e);
            }
            catch (SignoException e) {
                throw e;
            }
            catch (RuntimeException e) {
                throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + " as Parquet: " + e.getMessage(), e);
            }
        }
        return new Table(name, columns, partitions, Partitioning.sharedFiles(), new TableStatistics(rows, footers == null ? Map.of() : footers.columns()));
    }

    private static String describe(List<Column> columns)
    {
        return columns.stream().map(column -> column.name() + " " + column.type().kind()).toList().toString();
    }

    /**
     * A row group's statistics of each column: null counts, and min and max of integers, dates,
     * decimals and timestamps (little-endian in the footer; not of doubles, whose NaN the writers leave out, nor of
     * strings, which writers may cut short).
     */
    private static ColumnStatistics[] statistics(RowGroup rowGroup, List<Column> columns, List<ColumnSchema> schemas)
    {
        ColumnStatistics[] statistics = new ColumnStatistics[columns.size()];
        for (int c = 0; c < columns.size() && c < rowGroup.columns().size(); c++) {
            ColumnChunk chunk = rowGroup.columns().get(c);
            Statistics stored = chunk.metaData().statistics();
            if (stored == null) {
                continue;
            }
            Type type = columns.get(c).type();
            Object min = value(type, chunk, schemas.get(c), stored.minValue());
            Object max = value(type, chunk, schemas.get(c), stored.maxValue());
            long nulls = stored.nullCount() == null ? 0 : stored.nullCount();
            if (stored.nullCount() == null && (min == null || max == null)) {
                continue;
            }
            statistics[c] = new ColumnStatistics(0, nulls, min == null || max == null ? null : min, min == null || max == null ? null : max, 0);
        }
        return statistics;
    }

    /** A min or max from the footer or the page index in the column's Java value, or null where it is not used (doubles, strings, INT96). */
    static Object value(Type type, ColumnChunk chunk, ColumnSchema schema, byte[] bytes)
    {
        if (bytes == null) {
            return null;
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        return switch (type.kind()) {
            case INTEGER, DATE -> bytes.length == 4 ? buffer.getInt() : null;
            case BIGINT -> switch (chunk.metaData().type()) {
                case INT64 -> bytes.length == 8 ? buffer.getLong() : null;
                case INT32 -> bytes.length == 4 ? Integer.toUnsignedLong(buffer.getInt()) : null;
                default -> null;
            };
            case DECIMAL -> switch (chunk.metaData().type()) {
                case INT32 -> bytes.length == 4 ? (long) buffer.getInt() : null;
                case INT64 -> bytes.length == 8 ? buffer.getLong() : null;
                default -> null;
            };
            // INT96 statistics are in an order of their own, which writers no longer fill in
            case TIMESTAMP -> chunk.metaData().type() == PhysicalType.INT64 && bytes.length == 8 ? ParquetTimestamps.toMicros(buffer.getLong(), schema) : null;
            default -> null;
        };
    }

    /** Names a table of Parquet files in a plan sent to a worker, which reads the same footers and its share of the row groups. */
    public record Reference(String name, List<String> files)
            implements Serializable
    {
        public Table resolve()
        {
            return of(name, files.stream().map(Path::of).toList());
        }
    }

    /** The reference to {@code table} when it reads Parquet files, else null. */
    public static Reference referenceTo(Table table)
    {
        Set<Path> files = new LinkedHashSet<>();
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                if (!(segment instanceof RowGroupSegment rowGroup)) {
                    return null;
                }
                files.add(rowGroup.file());
            }
        }
        return files.isEmpty() ? null : new Reference(table.name(), files.stream().map(Path::toString).toList());
    }
}
