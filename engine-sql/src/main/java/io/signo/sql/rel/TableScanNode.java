package io.signo.sql.rel;

import io.signo.storage.table.Table;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

/** Reads the given columns of a table, a segment per morsel. */
public record TableScanNode(Table table, int[] columns, double estimatedRows)
        implements PlanNode
{
    @Override
    public List<Type> outputTypes()
    {
        List<Type> types = new ArrayList<>();
        for (int column : columns) {
            types.add(table.columns().get(column).type());
        }
        return types;
    }

    @Override
    public List<PlanNode> sources()
    {
        return List.of();
    }

    @Override
    public Distribution distribution()
    {
        return Distribution.PARALLEL;
    }

    @Override
    public String describe()
    {
        List<String> names = new ArrayList<>();
        for (int column : columns) {
            names.add(table.columns().get(column).name());
        }
        return "TableScan[" + table.name() + ", columns=" + names + "]";
    }
}
