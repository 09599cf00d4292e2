package io.signo.storage.file.csv;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CSV files read in place as one table: the layout sniffed from the first file (or given), each
 * file cut into byte ranges, a partition per range so that the drivers of a process and the
 * workers of a cluster share them. The other files must have the first one's number of fields.
 */
public final class CsvTable
{
    private CsvTable() {}

    public static Table of(String name, List<Path> files, CsvOptions options)
    {
        CsvLayout layout = CsvSniffer.sniff(files.getFirst(), options);
        for (Path file : files.subList(1, files.size())) {
            checkSameWidth(file, layout);
        }
        return build(name, files, layout);
    }

    private static Table build(String name, List<Path> files, CsvLayout layout)
    {
        List<Partition> partitions = new ArrayList<>();
        long rows = 0;
        for (Path file : files) {
            CsvSplits.Cuts cuts = CsvSplits.cutsOf(file, layout.delimiter(), layout.quote(), layout.quotedLineBreaks());
            for (int index = 0; index < cuts.splits().size(); index++) {
                Segment segment = new CsvSegment(file, cuts.splits().get(index), index, cuts.states(), layout);
                rows += segment.rowCount();
                partitions.add(new Partition(partitions.size(), List.of(segment)));
            }
        }
        return new Table(name, layout.columns(), partitions, Partitioning.sharedFiles(), new TableStatistics(rows, Map.of()));
    }

    /** Names a table of CSV files in a plan sent to a worker, which reads its share of the same files, cut the same way. */
    public record Reference(String name, List<String> files, CsvLayout layout)
            implements Serializable
    {
        public Table resolve()
        {
            return build(name, files.stream().map(Path::of).toList(), layout);
        }
    }

    /** The reference to {@code table} when it reads CSV files, else null. */
    public static Reference referenceTo(Table table)
    {
        Set<Path> files = new LinkedHashSet<>();
        CsvLayout layout = null;
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                if (!(segment instanceof CsvSegment csv)) {
                    return null;
                }
                files.add(csv.file());
                layout = csv.layout();
            }
        }
        return layout == null ? null : new Reference(table.name(), files.stream().map(Path::toString).toList(), layout);
    }

    /** A file whose lines split into another number of fields than the first file's belongs to another table. */
    private static void checkSameWidth(Path file, CsvLayout layout)
    {
        int fields = CsvSniffer.fieldsOfFirstLine(file, layout.delimiter(), layout.quote());
        if (fields >= 0 && fields != layout.fieldsPerLine()) {
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + " with the other files: its lines have " + fields + " fields, those of the first file, "
                    + layout.columns().size() + " columns (" + columnNames(layout.columns()) + ")");
        }
    }

    private static String columnNames(List<Column> columns)
    {
        return String.join(", ", columns.stream().map(Column::name).toList());
    }
}
