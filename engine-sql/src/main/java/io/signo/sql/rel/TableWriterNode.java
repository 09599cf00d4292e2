package io.signo.sql.rel;

import io.signo.core.operator.write.RowChecks;
import io.signo.core.operator.write.TableWrite;
import io.signo.storage.db.TableLayout;
import io.signo.storage.type.Type;

import java.io.Serializable;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Writes its source's rows into a stored table where they are produced, every driver its own files,
 * and outputs per driver the count of rows it wrote; the statement commits the files of every node.
 * The plan names the write ({@link Target}); each node that runs the writer binds it to the
 * {@link TableWrite} that keeps its files until the commit.
 */
public final class TableWriterNode
        implements PlanNode
{
    private final PlanNode source;
    private final Target target;
    private transient TableWrite write;

    /**
     * One statement's write as every node sees it: the table's columns, checks and layout, and the id
     * its nodes keep their files under until the statement commits or fails.
     */
    public record Target(String writeId, RowChecks checks, TableLayout layout)
            implements Serializable
    {
        public Target
        {
            requireNonNull(writeId, "writeId is null");
            requireNonNull(checks, "checks is null");
            requireNonNull(layout, "layout is null");
        }

        public String table()
        {
            return checks.table();
        }
    }

    /** A writer bound to the write of this process. */
    public TableWriterNode(PlanNode source, Target target, TableWrite write)
    {
        this.source = requireNonNull(source, "source is null");
        this.target = requireNonNull(target, "target is null");
        this.write = write;
    }

    public PlanNode source()
    {
        return source;
    }

    public Target target()
    {
        return target;
    }

    /** Binds the writer, decoded on another node, to that node's write. */
    public void bind(TableWrite nodeWrite)
    {
        this.write = requireNonNull(nodeWrite, "nodeWrite is null");
    }

    public TableWrite write()
    {
        if (write == null) {
            throw new IllegalStateException("the write into " + target.table() + " is not bound on this node");
        }
        return write;
    }

    /** The writers in a plan, for a node to bind after decoding it. */
    public static List<TableWriterNode> writersIn(PlanNode root)
    {
        List<TableWriterNode> writers = new java.util.ArrayList<>();
        collect(root, writers);
        return writers;
    }

    private static void collect(PlanNode node, List<TableWriterNode> writers)
    {
        if (node instanceof TableWriterNode writer) {
            writers.add(writer);
        }
        for (PlanNode source : node.sources()) {
            collect(source, writers);
        }
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
        return "TableWriter[" + target.table() + "]";
    }
}
