package io.signo.storage.db;

import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.Manifest.TableEntry;

import java.util.ArrayList;
import java.util.List;

/**
 * Which files of a table a compaction rewrites, partition by partition: files whose deleted rows are
 * at least half of them (their live rows are rewritten without the holes, so scans stop decoding
 * dead rows), small files (the one-row INSERTs of an application; merged, so scans stop paying per
 * file and per block), and files with no live row left (dropped, in a group of their own that
 * writes nothing). Each group is the files of one partition that become new files together.
 *
 * <p>After a write, the engine compacts in the background once a partition has
 * {@value #SMALL_FILES_TO_MERGE} small files or a sparse one; {@code VACUUM} compacts whenever
 * there is anything to gain.
 */
public final class CompactionPlan
{
    /** A file with fewer live rows than 16 blocks is small: merging it saves per-file and per-block work. */
    static final int SMALL_FILE_ROWS = 16 * SegmentFile.BLOCK_ROWS;
    static final int SMALL_FILES_TO_MERGE = 8;
    /** At most this many live rows are rewritten in one group, so that a compaction holds its table briefly. */
    static final long MAX_GROUP_ROWS = 4L * SegmentFileWriter.FILE_BLOCKS * SegmentFile.BLOCK_ROWS;

    private CompactionPlan() {}

    /** The groups worth rewriting now; with {@code eager} (VACUUM), any two small files or any deleted row. */
    public static List<List<FileEntry>> groups(TableEntry table, boolean eager)
    {
        List<List<FileEntry>> groups = new ArrayList<>();
        for (int partition = 0; partition < table.layout().partitionCount(); partition++) {
            List<FileEntry> small = new ArrayList<>();
            List<FileEntry> sparse = new ArrayList<>();
            List<FileEntry> empty = new ArrayList<>();
            for (FileEntry file : table.files()) {
                if (file.partition() != partition) {
                    continue;
                }
                long deleted = file.deletes().count();
                long live = file.rowCount() - deleted;
                if (live == 0) {
                    empty.add(file);
                }
                else if (deleted * 2 >= file.rowCount() || (eager && deleted > 0)) {
                    sparse.add(file);
                }
                else if (live < SMALL_FILE_ROWS) {
                    small.add(file);
                }
            }
            // files with no live row are dropped without writing anything: a refresh's DELETE of the keys an earlier INSERT added
            if (!empty.isEmpty()) {
                groups.add(empty);
            }
            boolean mergeSmall = small.size() >= (eager ? 2 : SMALL_FILES_TO_MERGE);
            if (sparse.isEmpty() && !mergeSmall) {
                continue;
            }
            // sparse files are rewritten with the partition's small files, which then cost little more
            List<FileEntry> candidates = new ArrayList<>(sparse);
            candidates.addAll(small);
            List<FileEntry> group = new ArrayList<>();
            long rows = 0;
            for (FileEntry file : candidates) {
                long live = file.rowCount() - file.deletes().count();
                if (!group.isEmpty() && rows + live > MAX_GROUP_ROWS) {
                    groups.add(group);
                    group = new ArrayList<>();
                    rows = 0;
                }
                group.add(file);
                rows += live;
            }
            // one small file alone gains nothing from being written again
            if (group.size() > 1 || sparse.contains(group.getFirst())) {
                groups.add(group);
            }
        }
        return groups;
    }
}
