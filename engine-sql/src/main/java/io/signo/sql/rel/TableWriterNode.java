package io.signo.sql.rel;

import io.signo.core.operator.write.TableWrite;
import io.signo.storage.type.Type;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Writes its source's rows into a stored table where they are produced, every driver its own files,
 * and outputs per driver the count of rows it wrote; the statement commits the files of all of them.
 * The write lives in this process: a plan with one is not sent to workers.
 */
public final class TableWriterNode
        implements PlanNode
{
    private final PlanNode source;
    private final String table;
    private final transient TableWrite write;

    public TableWriterNode(PlanNode source, String table, TableWrite write)
    {
        this.source = requireNonNull(source, "source is null");
        this.table = requireNonNull(table, "table is null");
        this.write = requireNonNull(write, "write is null");
    }

    public PlanNode source()
    {
        return source;
    }

    public TableWrite write()
    {
        if (write == null) {
            throw new IllegalStateException("the write into " + table + " runs only in the process that planned it");
        }
        return write;
    }

    @Override
    public List<Type> outputTypes()
    {
        return List.of(Type.BIGINT);
    }

    @Override
    public List<PlanNode> sources()
    {
        return List.of(source);
    }

    @Override
    public Distribution distribution()
    {
        return source.distribution();
    }

    @Override
    public double estimatedRows()
    {
        return 1;
    }

    @Override
    public String describe()
    {
        return "TableWriter[" + table + "]";
    }
}
