package io.signo.storage.db;

import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.Manifest.TableEntry;
import io.signo.storage.db.Manifest.ViewEntry;
import io.signo.storage.table.Column;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.zip.CRC32C;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A manifest reads back as written, layouts and partitions included; one of format 1 reads as unordered tables. */
class ManifestTest
{
    private static final List<Column> COLUMNS = List.of(new Column("k", Type.BIGINT, true), new Column("d", Type.DATE), new Column("s", Type.varchar(10)));

    @Test
    void readsBackWhatItWrote()
            throws IOException
    {
        TableLayout layout = new TableLayout(List.of("k"), 4, false, List.of("d", "k"));
        TableEntry partitioned = new TableEntry("t", COLUMNS, layout,
                List.of(new FileEntry(3, 0, 100, DeleteVector.NONE), new FileEntry(4, 3, 50, DeleteVector.NONE.with(new int[] {1, 7}, 2))));
        TableEntry replicated = new TableEntry("r", COLUMNS, new TableLayout(List.of(), 1, true, List.of()), List.of());
        Manifest manifest = new Manifest(7, 5, List.of("sales"), List.of(partitioned, replicated, new TableEntry("u", COLUMNS, TableLayout.UNORDERED, List.of())),
                List.of(new ViewEntry("v", "SELECT k FROM t", List.of(new Column("k", Type.BIGINT)))), 3);
        assertEquals(manifest, Manifest.decode(manifest.encode()));
    }

    @Test
    void readsFormatOneAsUnorderedTables()
            throws IOException
    {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(0x53474e4d);
        out.writeInt(1);
        out.writeLong(2);
        out.writeLong(9);
        out.writeInt(1);
        out.writeUTF("t");
        out.writeInt(1);
        out.writeUTF("k");
        out.writeUTF("BIGINT");
        out.writeInt(0);
        out.writeInt(0);
        out.writeInt(0);
        out.writeBoolean(true);
        out.writeInt(1);
        out.writeLong(8);
        out.writeInt(10);
        DeleteVector.NONE.write(out);
        out.writeInt(0);
        out.flush();
        CRC32C crc = new CRC32C();
        crc.update(bytes.toByteArray());
        out.writeInt((int) crc.getValue());
        Manifest manifest = Manifest.decode(bytes.toByteArray());
        TableEntry table = manifest.table("t");
        assertEquals(TableLayout.UNORDERED, table.layout());
        assertEquals(List.of(new FileEntry(8, 0, 10, DeleteVector.NONE)), table.files());
        assertEquals(List.of(new Column("k", Type.BIGINT, true)), table.columns());
    }

    @Test
    void refusesAFileInAPartitionTheTableLacks()
    {
        TableLayout layout = new TableLayout(List.of("k"), 2, false, List.of());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new TableEntry("t", COLUMNS, layout, List.of(new FileEntry(3, 2, 100, DeleteVector.NONE))));
        assertTrue(error.getMessage().contains("partition 2 of table t, which has 2"), error.getMessage());
    }
}
