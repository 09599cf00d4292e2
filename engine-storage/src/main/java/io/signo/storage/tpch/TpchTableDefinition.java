package io.signo.storage.tpch;

import io.signo.storage.generator.ColumnStager;
import io.signo.storage.generator.GeneratedTableDefinition;
import io.signo.storage.generator.SegmentBuilder;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partitioning;
import io.signo.storage.type.Type;
import io.trino.tpch.Customer;
import io.trino.tpch.LineItem;
import io.trino.tpch.Nation;
import io.trino.tpch.Order;
import io.trino.tpch.Part;
import io.trino.tpch.PartSupplier;
import io.trino.tpch.Region;
import io.trino.tpch.Supplier;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;

import java.util.List;

/**
 * One TPC-H table: its name, columns with the spec's SQL types, partitioning, and how a generated
 * row of io.trino.tpch is appended to the column stagers, in column order.
 */
abstract sealed class TpchTableDefinition<E extends TpchEntity>
        implements GeneratedTableDefinition
{
    private static final Type KEY = Type.BIGINT;
    private static final Type MONEY = Type.decimal(15, 2);
    private static final long CENTS_PER_UNIT = 100;

    /** Largest tables first, so parallel generation finishes evenly. */
    static final List<TpchTableDefinition<?>> ALL = List.of(
            new LineItemTable(),
            new OrdersTable(),
            new PartSupplierTable(),
            new PartTable(),
            new CustomerTable(),
            new SupplierTable(),
            new NationTable(),
            new RegionTable());

    private final TpchTable<E> table;
    private final String name;
    private final List<Column> columns;
    private final Partitioning partitioning;

    private TpchTableDefinition(TpchTable<E> table, String name, Partitioning partitioning, Column... columns)
    {
        this.table = table;
        this.name = name;
        this.partitioning = partitioning;
        this.columns = List.of(columns);
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public List<Column> columns()
    {
        return columns;
    }

    @Override
    public Partitioning partitioning()
    {
        return partitioning;
    }

    /** The rows of chunk {@code part} (1-based) of {@code partCount}; replicated tables ignore the split. */
    Iterable<E> generator(double scaleFactor, int part, int partCount)
    {
        return table.createGenerator(scaleFactor, part, partCount);
    }

    @Override
    public void generate(double scaleFactor, int chunk, int chunkCount, SegmentBuilder rows)
    {
        ColumnStager[] columns = rows.columns();
        for (E row : generator(scaleFactor, chunk, chunkCount)) {
            appendRow(row, columns);
            rows.endRow();
        }
    }

    abstract void appendRow(E row, ColumnStager[] columns);

    private static Column column(String name, Type type)
    {
        return new Column(name, type);
    }

    static final class LineItemTable
            extends TpchTableDefinition<LineItem>
    {
        LineItemTable()
        {
            super(TpchTable.LINE_ITEM, "lineitem", Partitioning.coPartitioned("orderkey", "l_orderkey"),
                    column("l_orderkey", KEY),
                    column("l_partkey", KEY),
                    column("l_suppkey", KEY),
                    column("l_linenumber", Type.INTEGER),
                    column("l_quantity", MONEY),
                    column("l_extendedprice", MONEY),
                    column("l_discount", MONEY),
                    column("l_tax", MONEY),
                    column("l_returnflag", Type.character(1)),
                    column("l_linestatus", Type.character(1)),
                    column("l_shipdate", Type.DATE),
                    column("l_commitdate", Type.DATE),
                    column("l_receiptdate", Type.DATE),
                    column("l_shipinstruct", Type.character(25)),
                    column("l_shipmode", Type.character(10)),
                    column("l_comment", Type.varchar(44)));
        }

        @Override
        void appendRow(LineItem row, ColumnStager[] columns)
        {
            columns[0].appendLong(row.orderKey());
            columns[1].appendLong(row.partKey());
            columns[2].appendLong(row.supplierKey());
            columns[3].appendInt(row.lineNumber());
            columns[4].appendLong(row.quantity() * CENTS_PER_UNIT);
            columns[5].appendLong(row.extendedPriceInCents());
            columns[6].appendLong(row.discountPercent());
            columns[7].appendLong(row.taxPercent());
            columns[8].appendString(row.returnFlag());
            columns[9].appendString(row.status());
            columns[10].appendInt(row.shipDate());
            columns[11].appendInt(row.commitDate());
            columns[12].appendInt(row.receiptDate());
            columns[13].appendString(row.shipInstructions());
            columns[14].appendString(row.shipMode());
            columns[15].appendString(row.comment());
        }
    }

    static final class OrdersTable
            extends TpchTableDefinition<Order>
    {
        OrdersTable()
        {
            super(TpchTable.ORDERS, "orders", Partitioning.coPartitioned("orderkey", "o_orderkey"),
                    column("o_orderkey", KEY),
                    column("o_custkey", KEY),
                    column("o_orderstatus", Type.character(1)),
                    column("o_totalprice", MONEY),
                    column("o_orderdate", Type.DATE),
                    column("o_orderpriority", Type.character(15)),
                    column("o_clerk", Type.character(15)),
                    column("o_shippriority", Type.INTEGER),
                    column("o_comment", Type.varchar(79)));
        }

        @Override
        void appendRow(Order row, ColumnStager[] columns)
        {
            columns[0].appendLong(row.orderKey());
            columns[1].appendLong(row.customerKey());
            columns[2].appendString(String.valueOf(row.orderStatus()));
            columns[3].appendLong(row.totalPriceInCents());
            columns[4].appendInt(row.orderDate());
            columns[5].appendString(row.orderPriority());
            columns[6].appendString(row.clerk());
            columns[7].appendInt(row.shipPriority());
            columns[8].appendString(row.comment());
        }
    }

    static final class PartSupplierTable
            extends TpchTableDefinition<PartSupplier>
    {
        PartSupplierTable()
        {
            super(TpchTable.PART_SUPPLIER, "partsupp", Partitioning.coPartitioned("partkey", "ps_partkey"),
                    column("ps_partkey", KEY),
                    column("ps_suppkey", KEY),
                    column("ps_availqty", Type.INTEGER),
                    column("ps_supplycost", MONEY),
                    column("ps_comment", Type.varchar(199)));
        }

        @Override
        void appendRow(PartSupplier row, ColumnStager[] columns)
        {
            columns[0].appendLong(row.partKey());
            columns[1].appendLong(row.supplierKey());
            columns[2].appendInt(row.availableQuantity());
            columns[3].appendLong(row.supplyCostInCents());
            columns[4].appendString(row.comment());
        }
    }

    static final class PartTable
            extends TpchTableDefinition<Part>
    {
        PartTable()
        {
            super(TpchTable.PART, "part", Partitioning.coPartitioned("partkey", "p_partkey"),
                    column("p_partkey", KEY),
                    column("p_name", Type.varchar(55)),
                    column("p_mfgr", Type.character(25)),
                    column("p_brand", Type.character(10)),
                    column("p_type", Type.varchar(25)),
                    column("p_size", Type.INTEGER),
                    column("p_container", Type.character(10)),
                    column("p_retailprice", MONEY),
                    column("p_comment", Type.varchar(23)));
        }

        @Override
        void appendRow(Part row, ColumnStager[] columns)
        {
            columns[0].appendLong(row.partKey());
            columns[1].appendString(row.name());
            columns[2].appendString(row.manufacturer());
            columns[3].appendString(row.brand());
            columns[4].appendString(row.type());
            columns[5].appendInt(row.size());
            columns[6].appendString(row.container());
            columns[7].appendLong(row.retailPriceInCents());
            columns[8].appendString(row.comment());
        }
    }

    static final class CustomerTable
            extends TpchTableDefinition<Customer>
    {
        CustomerTable()
        {
            super(TpchTable.CUSTOMER, "customer", Partitioning.hash("c_custkey"),
                    column("c_custkey", KEY),
                    column("c_name", Type.varchar(25)),
                    column("c_address", Type.varchar(40)),
                    column("c_nationkey", KEY),
                    column("c_phone", Type.character(15)),
                    column("c_acctbal", MONEY),
                    column("c_mktsegment", Type.character(10)),
                    column("c_comment", Type.varchar(117)));
        }

        @Override
        void appendRow(Customer row, ColumnStager[] columns)
        {
            columns[0].appendLong(row.customerKey());
            columns[1].appendString(row.name());
            columns[2].appendString(row.address());
            columns[3].appendLong(row.nationKey());
            columns[4].appendString(row.phone());
            columns[5].appendLong(row.accountBalanceInCents());
            columns[6].appendString(row.marketSegment());
            columns[7].appendString(row.comment());
        }
    }

    static final class SupplierTable
            extends TpchTableDefinition<Supplier>
    {
        SupplierTable()
        {
            super(TpchTable.SUPPLIER, "supplier", Partitioning.hash("s_suppkey"),
                    column("s_suppkey", KEY),
                    column("s_name", Type.character(25)),
                    column("s_address", Type.varchar(40)),
                    column("s_nationkey", KEY),
                    column("s_phone", Type.character(15)),
                    column("s_acctbal", MONEY),
                    column("s_comment", Type.varchar(101)));
        }

        @Override
        void appendRow(Supplier row, ColumnStager[] columns)
        {
            columns[0].appendLong(row.supplierKey());
            columns[1].appendString(row.name());
            columns[2].appendString(row.address());
            columns[3].appendLong(row.nationKey());
            columns[4].appendString(row.phone());
            columns[5].appendLong(row.accountBalanceInCents());
            columns[6].appendString(row.comment());
        }
    }

    static final class NationTable
            extends TpchTableDefinition<Nation>
    {
        NationTable()
        {
            super(TpchTable.NATION, "nation", Partitioning.replicatedTable(),
                    column("n_nationkey", KEY),
                    column("n_name", Type.character(25)),
                    column("n_regionkey", KEY),
                    column("n_comment", Type.varchar(152)));
        }

        @Override
        void appendRow(Nation row, ColumnStager[] columns)
        {
            columns[0].appendLong(row.nationKey());
            columns[1].appendString(row.name());
            columns[2].appendLong(row.regionKey());
            columns[3].appendString(row.comment());
        }
    }

    static final class RegionTable
            extends TpchTableDefinition<Region>
    {
        RegionTable()
        {
            super(TpchTable.REGION, "region", Partitioning.replicatedTable(),
                    column("r_regionkey", KEY),
                    column("r_name", Type.character(25)),
                    column("r_comment", Type.varchar(152)));
        }

        @Override
        void appendRow(Region row, ColumnStager[] columns)
        {
            columns[0].appendLong(row.regionKey());
            columns[1].appendString(row.name());
            columns[2].appendString(row.comment());
        }
    }
}
