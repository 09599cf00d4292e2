package io.signo.storage.db;

import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.table.TableStatistics;

import java.util.Set;

/**
 * What a cluster's coordinator knows of the segment files its workers hold: the coordinator's
 * {@link Database} names them in its manifest, the one version every node reads, but never opens
 * them.
 */
public interface RemoteFiles
{
    /** The statistics of the file's rows as its worker reported them, or null when not known yet. */
    TableStatistics statistics(FileEntry file);

    /** Files that no version of the manifest names any more: the workers that hold them (or copies of them) may remove them. */
    void removed(Set<Long> fileIds);
}
