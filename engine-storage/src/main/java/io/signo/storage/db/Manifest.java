package io.signo.storage.db;

import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.CRC32C;

import static java.util.Objects.requireNonNull;

/**
 * One committed version of a database: its tables with the segment files and delete vectors that
 * hold their rows, and its views. Immutable; a commit writes a whole new manifest, and the file
 * names in it are the only files the version reads.
 *
 * @param nextFileId the id the next segment file gets; ids are never reused, so that a file a
 *        crashed statement left behind cannot be mistaken for a committed one
 */
public record Manifest(long version, long nextFileId, List<String> schemas, List<TableEntry> tables, List<ViewEntry> views, int workerCount)
{
    private static final int MAGIC = 0x53474e4d; // "SGNM"
    private static final int FORMAT_VERSION = 4;
    /** Format 3 had no worker count: every database was one process's. */
    private static final int SCHEMAS_FORMAT_VERSION = 3;
    /** Format 2 had no schemas beside the database's own. */
    private static final int LAYOUT_FORMAT_VERSION = 2;
    /** Format 1 had no layouts: every table one unsorted partition. */
    private static final int FIRST_FORMAT_VERSION = 1;

    public static final Manifest EMPTY = new Manifest(0, 1, List.of(), List.of(), List.of(), 0);

    /**
     * @param schemas the schemas besides the database's own, whose tables and views are named
     *        {@code schema.name} (see {@link io.signo.storage.table.Catalog})
     * @param workerCount the workers of the cluster whose coordinator this manifest is, which hold the
     *        files of its tables that are not replicated (partition p on worker p mod workerCount); 0
     *        for the database of one process, which holds every file itself
     */
    public Manifest
    {
        if (workerCount < 0) {
            throw new IllegalArgumentException("negative worker count: " + workerCount);
        }
        schemas = List.copyOf(schemas);
        tables = List.copyOf(tables);
        views = List.copyOf(views);
    }

    /** A stored table: its columns, how it places its rows, and the files of its rows, in the order they were written. */
    public record TableEntry(String name, List<Column> columns, TableLayout layout, List<FileEntry> files)
            implements java.io.Serializable
    {
        public TableEntry
        {
            requireNonNull(name, "name is null");
            requireNonNull(layout, "layout is null");
            columns = List.copyOf(columns);
            files = List.copyOf(files);
            for (FileEntry file : files) {
                if (file.partition() >= layout.partitionCount()) {
                    throw new IllegalArgumentException("file " + file.fileId() + " is in partition " + file.partition() + " of table " + name + ", which has " + layout.partitionCount());
                }
            }
        }

        public TableEntry withName(String newName)
        {
            return new TableEntry(newName, columns, layout, files);
        }

        public long rowCount()
        {
            long rows = 0;
            for (FileEntry file : files) {
                rows += file.rowCount() - file.deletes().count();
            }
            return rows;
        }

        /** This table with the files' new segment files appended. */
        public TableEntry withFiles(List<FileEntry> added)
        {
            List<FileEntry> all = new ArrayList<>(files);
            all.addAll(added);
            return new TableEntry(name, columns, layout, all);
        }

        /**
         * This table with the files {@code removed} replaced by {@code added} (a compaction's
         * rewrite of their live rows); each removed file must be here with the same deleted rows,
         * or the rewrite would lose a change committed since it read them.
         */
        public TableEntry withFilesReplaced(List<FileEntry> removed, List<FileEntry> added)
        {
            Map<Long, FileEntry> replaced = new HashMap<>();
            for (FileEntry file : removed) {
                replaced.put(file.fileId(), file);
            }
            List<FileEntry> kept = new ArrayList<>(files.size());
            int found = 0;
            for (FileEntry file : files) {
                FileEntry old = replaced.get(file.fileId());
                if (old == null) {
                    kept.add(file);
                }
                else if (!old.equals(file)) {
                    throw new IllegalStateException("file " + file.fileId() + " of table " + name + " changed since it was read");
                }
                else {
                    found++;
                }
            }
            if (found != replaced.size()) {
                throw new IllegalStateException("a file of table " + name + " to replace is gone");
            }
            kept.addAll(added);
            return new TableEntry(name, columns, layout, kept);
        }

        /**
         * This table with the rows of {@code rowIds[0 .. count)} deleted: ids as a scan of the table's
         * row-id column read them (see {@link io.signo.storage.table.Table#withRowIdColumn()}).
         */
        public TableEntry withRowsDeleted(long[] rowIds, int count)
        {
            // an id is the file id above the row number: sorted, the ids of each file are one run
            long[] sorted = Arrays.copyOf(rowIds, count);
            Arrays.sort(sorted);
            Map<Long, int[]> rowsByFile = new HashMap<>();
            for (int start = 0; start < count;) {
                long fileId = StoredSegment.fileIdOf(sorted[start]);
                int end = start;
                while (end < count && StoredSegment.fileIdOf(sorted[end]) == fileId) {
                    end++;
                }
                int[] rows = new int[end - start];
                for (int i = 0; i < rows.length; i++) {
                    rows[i] = StoredSegment.rowOf(sorted[start + i]);
                }
                rowsByFile.put(fileId, rows);
                start = end;
            }
            List<FileEntry> changed = new ArrayList<>(files.size());
            for (FileEntry file : files) {
                int[] rows = rowsByFile.remove(file.fileId());
                changed.add(rows == null ? file : new FileEntry(file.fileId(), file.partition(), file.rowCount(), file.deletes().with(rows, rows.length)));
            }
            if (!rowsByFile.isEmpty()) {
                throw new IllegalArgumentException("rows to delete name files that table " + name + " does not have: " + rowsByFile.keySet());
            }
            return new TableEntry(name, columns, layout, changed);
        }
    }

    /** A segment file of a table's partition and the rows deleted from it since. */
    public record FileEntry(long fileId, int partition, int rowCount, DeleteVector deletes)
            implements java.io.Serializable {}

    /** A view: its query text and its columns as they were when it was created. */
    public record ViewEntry(String name, String sql, List<Column> columns)
    {
        public ViewEntry
        {
            columns = List.copyOf(columns);
        }
    }

    public TableEntry table(String name)
    {
        for (TableEntry table : tables) {
            if (table.name().equalsIgnoreCase(name)) {
                return table;
            }
        }
        return null;
    }

    public ViewEntry view(String name)
    {
        for (ViewEntry view : views) {
            if (view.name().equalsIgnoreCase(name)) {
                return view;
            }
        }
        return null;
    }

    /** The next version with {@code table} in place of the table of its name (added when there is none). */
    public Manifest withTable(TableEntry table)
    {
        List<TableEntry> changed = new ArrayList<>();
        boolean replaced = false;
        for (TableEntry existing : tables) {
            if (existing.name().equalsIgnoreCase(table.name())) {
                changed.add(table);
                replaced = true;
            }
            else {
                changed.add(existing);
            }
        }
        if (!replaced) {
            changed.add(table);
        }
        return new Manifest(version + 1, nextFileId, schemas, changed, views, workerCount);
    }

    public Manifest withoutTable(String name)
    {
        return new Manifest(version + 1, nextFileId, schemas, tables.stream().filter(table -> !table.name().equalsIgnoreCase(name)).toList(), views, workerCount);
    }

    public Manifest withView(ViewEntry view)
    {
        List<ViewEntry> changed = new ArrayList<>(views.stream().filter(existing -> !existing.name().equalsIgnoreCase(view.name())).toList());
        changed.add(view);
        return new Manifest(version + 1, nextFileId, schemas, tables, changed, workerCount);
    }

    public Manifest withoutView(String name)
    {
        return new Manifest(version + 1, nextFileId, schemas, tables, views.stream().filter(view -> !view.name().equalsIgnoreCase(name)).toList(), workerCount);
    }

    /** The schema of that name (case-insensitive) as it was created, or null. */
    public String schema(String name)
    {
        return schemas.stream().filter(name::equalsIgnoreCase).findFirst().orElse(null);
    }

    public Manifest withSchema(String name)
    {
        List<String> changed = new ArrayList<>(schemas);
        changed.add(name);
        return new Manifest(version + 1, nextFileId, changed, tables, views, workerCount);
    }

    /** The next version without the schema, its tables and its views (named {@code schema.name}). */
    public Manifest withoutSchema(String name)
    {
        return new Manifest(version + 1, nextFileId, schemas.stream().filter(schema -> !schema.equalsIgnoreCase(name)).toList(),
                tables.stream().filter(table -> !Catalog.inOtherSchema(table.name(), name)).toList(),
                views.stream().filter(view -> !Catalog.inOtherSchema(view.name(), name)).toList(), workerCount);
    }

    /** This version as the coordinator's of a cluster of {@code workers} workers (0: one process's database). */
    public Manifest withWorkerCount(int workers)
    {
        return new Manifest(version, nextFileId, schemas, tables, views, workers);
    }

    /** The manifest as bytes, a CRC-32C of everything before it at the end. */
    public byte[] encode()
    {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(MAGIC);
            out.writeInt(FORMAT_VERSION);
            out.writeLong(version);
            out.writeLong(nextFileId);
            out.writeInt(workerCount);
            writeNames(out, schemas);
            out.writeInt(tables.size());
            for (TableEntry table : tables) {
                out.writeUTF(table.name());
                out.writeInt(table.columns().size());
                for (Column column : table.columns()) {
                    out.writeUTF(column.name());
                    writeType(out, column.type());
                    out.writeBoolean(column.notNull());
                }
                writeLayout(out, table.layout());
                out.writeInt(table.files().size());
                for (FileEntry file : table.files()) {
                    out.writeLong(file.fileId());
                    out.writeInt(file.partition());
                    out.writeInt(file.rowCount());
                    file.deletes().write(out);
                }
            }
            out.writeInt(views.size());
            for (ViewEntry view : views) {
                out.writeUTF(view.name());
                writeLongString(out, view.sql());
                out.writeInt(view.columns().size());
                for (Column column : view.columns()) {
                    out.writeUTF(column.name());
                    writeType(out, column.type());
                }
            }
            out.flush();
            CRC32C crc = new CRC32C();
            crc.update(bytes.toByteArray());
            out.writeInt((int) crc.getValue());
            return bytes.toByteArray();
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a manifest; an {@link IOException} names what is wrong with damaged bytes. */
    public static Manifest decode(byte[] bytes)
            throws IOException
    {
        if (bytes.length < 12) {
            throw new IOException("manifest is truncated (" + bytes.length + " bytes)");
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length - 4);
        int stored = ((bytes[bytes.length - 4] & 0xff) << 24) | ((bytes[bytes.length - 3] & 0xff) << 16) | ((bytes[bytes.length - 2] & 0xff) << 8) | (bytes[bytes.length - 1] & 0xff);
        if ((int) crc.getValue() != stored) {
            throw new IOException("manifest checksum does not match its contents");
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, 0, bytes.length - 4));
        if (in.readInt() != MAGIC) {
            throw new IOException("not a Signo manifest");
        }
        int format = in.readInt();
        if (format < FIRST_FORMAT_VERSION || format > FORMAT_VERSION) {
            throw new IOException("manifest format " + format + " is not supported (this Signo reads formats " + FIRST_FORMAT_VERSION + " to " + FORMAT_VERSION + ")");
        }
        long version = in.readLong();
        long nextFileId = in.readLong();
        int workerCount = format > SCHEMAS_FORMAT_VERSION ? checkedCount(in.readInt(), "workers") : 0;
        List<String> schemas = format > LAYOUT_FORMAT_VERSION ? readNames(in) : List.of();
        int tableCount = checkedCount(in.readInt(), "tables");
        List<TableEntry> tables = new ArrayList<>(tableCount);
        for (int t = 0; t < tableCount; t++) {
            String name = in.readUTF();
            int columnCount = checkedCount(in.readInt(), "columns");
            List<Column> columns = new ArrayList<>(columnCount);
            for (int c = 0; c < columnCount; c++) {
                String columnName = in.readUTF();
                Type type = readType(in);
                columns.add(new Column(columnName, type, in.readBoolean()));
            }
            TableLayout layout = format == FIRST_FORMAT_VERSION ? TableLayout.UNORDERED : readLayout(in);
            int fileCount = checkedCount(in.readInt(), "files");
            List<FileEntry> files = new ArrayList<>(fileCount);
            for (int f = 0; f < fileCount; f++) {
                long fileId = in.readLong();
                int partition = format == FIRST_FORMAT_VERSION ? 0 : checkedCount(in.readInt(), "partition");
                int rowCount = checkedCount(in.readInt(), "rows");
                files.add(new FileEntry(fileId, partition, rowCount, DeleteVector.read(in, rowCount)));
            }
            try {
                tables.add(new TableEntry(name, columns, layout, files));
            }
            catch (IllegalArgumentException e) {
                throw new IOException("manifest is inconsistent: " + e.getMessage(), e);
            }
        }
        int viewCount = checkedCount(in.readInt(), "views");
        List<ViewEntry> views = new ArrayList<>(viewCount);
        for (int v = 0; v < viewCount; v++) {
            String name = in.readUTF();
            String sql = readLongString(in);
            int columnCount = checkedCount(in.readInt(), "view columns");
            List<Column> columns = new ArrayList<>(columnCount);
            for (int c = 0; c < columnCount; c++) {
                columns.add(new Column(in.readUTF(), readType(in)));
            }
            views.add(new ViewEntry(name, sql, columns));
        }
        return new Manifest(version, nextFileId, schemas, tables, views, workerCount);
    }

    private static int checkedCount(int count, String what)
            throws IOException
    {
        if (count < 0) {
            throw new IOException("manifest has a negative count of " + what);
        }
        return count;
    }

    private static void writeLayout(DataOutputStream out, TableLayout layout)
            throws IOException
    {
        writeNames(out, layout.partitionedBy());
        out.writeInt(layout.partitionCount());
        out.writeBoolean(layout.replicated());
        writeNames(out, layout.sortedBy());
    }

    private static TableLayout readLayout(DataInputStream in)
            throws IOException
    {
        List<String> partitionedBy = readNames(in);
        int partitionCount = in.readInt();
        boolean replicated = in.readBoolean();
        List<String> sortedBy = readNames(in);
        try {
            return new TableLayout(partitionedBy, partitionCount, replicated, sortedBy);
        }
        catch (IllegalArgumentException e) {
            throw new IOException("manifest has an invalid table layout: " + e.getMessage(), e);
        }
    }

    private static void writeNames(DataOutputStream out, List<String> names)
            throws IOException
    {
        out.writeInt(names.size());
        for (String name : names) {
            out.writeUTF(name);
        }
    }

    private static List<String> readNames(DataInputStream in)
            throws IOException
    {
        int count = checkedCount(in.readInt(), "names");
        List<String> names = new ArrayList<>(Math.min(count, 64));
        for (int i = 0; i < count; i++) {
            names.add(in.readUTF());
        }
        return names;
    }

    private static void writeType(DataOutputStream out, Type type)
            throws IOException
    {
        out.writeUTF(type.kind().name());
        out.writeInt(type.precision());
        out.writeInt(type.scale());
        out.writeInt(type.length());
    }

    private static Type readType(DataInputStream in)
            throws IOException
    {
        String kind = in.readUTF();
        try {
            return new Type(TypeKind.valueOf(kind.toUpperCase(Locale.ROOT)), in.readInt(), in.readInt(), in.readInt());
        }
        catch (IllegalArgumentException e) {
            throw new IOException("manifest names an unknown type: " + kind, e);
        }
    }

    /** writeUTF is limited to 64 KiB; a view's text may be longer. */
    private static void writeLongString(DataOutputStream out, String value)
            throws IOException
    {
        byte[] bytes = value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readLongString(DataInputStream in)
            throws IOException
    {
        int length = checkedCount(in.readInt(), "text bytes");
        if (length > in.available()) {
            throw new IOException("manifest is truncated in a view's text");
        }
        return new String(in.readNBytes(length), java.nio.charset.StandardCharsets.UTF_8);
    }
}
