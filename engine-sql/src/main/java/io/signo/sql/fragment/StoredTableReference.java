package io.signo.sql.fragment;

import io.signo.storage.db.Manifest.TableEntry;

import java.io.Serializable;

import static java.util.Objects.requireNonNull;

/**
 * Stands for a cluster database's table in an encoded plan: the entry of the version the plan read,
 * whose files each worker reads its share of (its partitions, or its copy of a replicated table);
 * {@code withRowIds} when the plan reads the rows' ids (a DELETE or UPDATE).
 */
public record StoredTableReference(TableEntry entry, boolean withRowIds)
        implements Serializable
{
    public StoredTableReference
    {
        requireNonNull(entry, "entry is null");
    }
}
