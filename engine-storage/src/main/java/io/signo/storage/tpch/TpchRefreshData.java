package io.signo.storage.tpch;

import io.trino.tpch.Distributions;
import io.trino.tpch.TextPool;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The data of the TPC-H refresh functions (specification clause 2.5) for one refresh pair, as
 * dbgen's update files give it: RF1 inserts {@code SF * 1500} new orders with 1 to 7 line items
 * each, RF2 deletes {@code SF * 1500} orders with their line items.
 *
 * <p>Keys. Order keys are sparse (clause 4.2.3): dbgen builds a key from an order index by keeping
 * its 3 low bits and putting 2 more bits above them, 0 for the loaded data, so that of every 32 keys
 * the first 8 are used and 24 skipped. The orders of refresh pair {@code p} (1-based) take the
 * indexes {@code (p - 1) * SF * 1500 + 1} onward with those 2 bits set to 1, dbgen's {@code mk_sparse}
 * for its update sets: keys no loaded order has, unique across pairs. RF2 of pair 1 deletes the
 * loaded orders of the lowest indexes (dbgen's {@code delete.1}); RF2 of pair {@code p > 1} deletes
 * exactly the orders RF1 of pair {@code p - 1} inserted, so the database keeps its size however many
 * pairs run.
 *
 * <p>Rows. Every value is drawn from a {@link SplittableRandom} seeded by the seed and the pair, as
 * clause 4.2.3 defines its range: customers of the scale factor whose key is not a multiple of 3,
 * order dates from 1992-01-01 to 151 days before 1998-12-31, parts of the scale factor with one of
 * the part's four suppliers (the generator's own formula), prices from the part's retail price,
 * total prices, statuses, return flags and line statuses computed as the specification says from
 * the line items and the current date 1995-06-17, and comments from the generator's text pool. So
 * the rows join the loaded customer, part, supplier and partsupp rows, and the 22 queries read them
 * as they read the loaded ones.
 */
public final class TpchRefreshData
{
    /** The order index bits kept below the sparse bits, and how many sparse bits (dbgen's SPARSE_KEEP and SPARSE_BITS). */
    private static final int SPARSE_KEEP = 3;
    private static final int SPARSE_BITS = 2;
    private static final LocalDate START_DATE = LocalDate.of(1992, 1, 1);
    private static final LocalDate END_DATE = LocalDate.of(1998, 12, 31);
    private static final LocalDate CURRENT_DATE = LocalDate.of(1995, 6, 17);
    private static final int ORDER_DATE_DAYS = (int) (END_DATE.toEpochDay() - 151 - START_DATE.toEpochDay());
    private static final List<String> PRIORITIES;
    private static final List<String> INSTRUCTIONS;
    private static final List<String> MODES;

    static {
        Distributions distributions = Distributions.getDefaultDistributions();
        PRIORITIES = distributions.getOrderPriorities().getValues();
        INSTRUCTIONS = distributions.getShipInstructions().getValues();
        MODES = distributions.getShipModes().getValues();
    }

    /** A new order: the values of the columns of orders, in their order. */
    public record Order(long orderKey, long customerKey, char status, long totalPriceCents, LocalDate orderDate, String priority, String clerk, int shipPriority, String comment) {}

    /** A new line item: the values of the columns of lineitem, in their order (money in cents). */
    public record LineItem(long orderKey, long partKey, long supplierKey, int lineNumber, long quantity, long extendedPriceCents, long discountPercent, long taxPercent,
            char returnFlag, char lineStatus, LocalDate shipDate, LocalDate commitDate, LocalDate receiptDate, String shipInstruction, String shipMode, String comment) {}

    private final double scaleFactor;
    private final int pair;
    private final List<Order> orders;
    private final List<LineItem> lineItems;
    private final long[] deletedOrderKeys;

    private TpchRefreshData(double scaleFactor, int pair, List<Order> orders, List<LineItem> lineItems, long[] deletedOrderKeys)
    {
        this.scaleFactor = scaleFactor;
        this.pair = pair;
        this.orders = orders;
        this.lineItems = lineItems;
        this.deletedOrderKeys = deletedOrderKeys;
    }

    /** Orders each refresh function inserts or deletes: 0.1% of the orders, {@code SF * 1500}, at least 1. */
    public static int ordersPerRefresh(double scaleFactor)
    {
        return (int) Math.max(1, Math.round(scaleFactor * 1500));
    }

    /** The order key dbgen's {@code mk_sparse} makes of an order index (from 1) and the 2 sparse bits ({@code 0} for the loaded data). */
    public static long orderKey(long orderIndex, int sparseBits)
    {
        if (sparseBits < 0 || sparseBits >= 1 << SPARSE_BITS) {
            throw new IllegalArgumentException("sparse bits must be 0 to 3: " + sparseBits);
        }
        long lowBits = orderIndex & ((1 << SPARSE_KEEP) - 1);
        return (((orderIndex >> SPARSE_KEEP) << SPARSE_BITS) + sparseBits << SPARSE_KEEP) + lowBits;
    }

    /** The keys RF1 of {@code pair} (from 1) inserts at the scale factor, in order. */
    public static long[] insertedOrderKeys(double scaleFactor, int pair)
    {
        checkPair(pair);
        int count = ordersPerRefresh(scaleFactor);
        long[] keys = new long[count];
        long firstIndex = (long) (pair - 1) * count + 1;
        for (int i = 0; i < count; i++) {
            keys[i] = orderKey(firstIndex + i, 1);
        }
        return keys;
    }

    /** The keys RF2 of {@code pair} deletes: the lowest loaded orders for pair 1, else those RF1 of the pair before inserted. */
    public static long[] deletedOrderKeys(double scaleFactor, int pair)
    {
        checkPair(pair);
        if (pair > 1) {
            return insertedOrderKeys(scaleFactor, pair - 1);
        }
        int count = ordersPerRefresh(scaleFactor);
        long[] keys = new long[count];
        for (int i = 0; i < count; i++) {
            keys[i] = orderKey(i + 1, 0);
        }
        return keys;
    }

    /** The refresh data of pair {@code pair} (from 1) at the scale factor, drawn from {@code seed}: the same for the same three. */
    public static TpchRefreshData generate(double scaleFactor, int pair, long seed)
    {
        checkPair(pair);
        if (!(scaleFactor > 0)) {
            throw new IllegalArgumentException("scale factor must be positive: " + scaleFactor);
        }
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + pair);
        TextPool text = TextPool.getDefaultTextPool().get();
        long customers = Math.max(1, (long) (150_000 * scaleFactor));
        long parts = Math.max(1, (long) (200_000 * scaleFactor));
        long suppliers = Math.max(1, (long) (10_000 * scaleFactor));
        long clerks = Math.max(1, (long) (1_000 * scaleFactor));
        long[] keys = insertedOrderKeys(scaleFactor, pair);
        List<Order> orders = new ArrayList<>(keys.length);
        List<LineItem> lineItems = new ArrayList<>(keys.length * 4);
        for (long orderKey : keys) {
            long customerKey;
            do {
                customerKey = 1 + random.nextLong(customers);
            }
            while (customerKey % 3 == 0 && customers >= 3);
            LocalDate orderDate = START_DATE.plusDays(random.nextInt(ORDER_DATE_DAYS + 1));
            int lineCount = 1 + random.nextInt(7);
            long totalPrice = 0;
            int shipped = 0;
            for (int line = 1; line <= lineCount; line++) {
                long partKey = 1 + random.nextLong(parts);
                long supplierKey = partSupplier(partKey, random.nextInt(4), suppliers);
                long quantity = 1 + random.nextInt(50);
                long extendedPrice = quantity * retailPriceCents(partKey);
                long discount = random.nextInt(11);
                long tax = random.nextInt(9);
                LocalDate shipDate = orderDate.plusDays(1 + random.nextInt(121));
                LocalDate commitDate = orderDate.plusDays(30 + random.nextInt(61));
                LocalDate receiptDate = shipDate.plusDays(1 + random.nextInt(30));
                char returnFlag = receiptDate.isAfter(CURRENT_DATE) ? 'N' : random.nextBoolean() ? 'R' : 'A';
                char lineStatus = shipDate.isAfter(CURRENT_DATE) ? 'O' : 'F';
                if (lineStatus == 'F') {
                    shipped++;
                }
                // extendedprice * (1 + tax) * (1 - discount), in cents as dbgen rounds it
                totalPrice += extendedPrice * (100 + tax) / 100 * (100 - discount) / 100;
                lineItems.add(new LineItem(orderKey, partKey, supplierKey, line, quantity, extendedPrice, discount, tax, returnFlag, lineStatus, shipDate, commitDate, receiptDate,
                        pick(INSTRUCTIONS, random), pick(MODES, random), comment(text, random, 10, 43)));
            }
            char status = shipped == lineCount ? 'F' : shipped == 0 ? 'O' : 'P';
            String clerk = String.format("Clerk#%09d", 1 + random.nextLong(clerks));
            orders.add(new Order(orderKey, customerKey, status, totalPrice, orderDate, pick(PRIORITIES, random), clerk, 0, comment(text, random, 19, 78)));
        }
        return new TpchRefreshData(scaleFactor, pair, List.copyOf(orders), List.copyOf(lineItems), deletedOrderKeys(scaleFactor, pair));
    }

    public double scaleFactor()
    {
        return scaleFactor;
    }

    public int pair()
    {
        return pair;
    }

    /** The orders RF1 inserts. */
    public List<Order> orders()
    {
        return orders;
    }

    /** The line items RF1 inserts, those of each order together. */
    public List<LineItem> lineItems()
    {
        return lineItems;
    }

    /** The keys of the orders (and their line items) RF2 deletes. */
    public long[] deletedOrderKeys()
    {
        return deletedOrderKeys.clone();
    }

    /**
     * RF1 as SQL statements, one atomic unit: INSERTs into orders and into lineitem of at most
     * {@code rowsPerStatement} rows each, with standard literals (DATE '...', decimals), so that
     * Signo and DuckDB run the same text.
     */
    public List<String> refreshFunction1(int rowsPerStatement)
    {
        List<String> statements = new ArrayList<>();
        for (int first = 0; first < orders.size(); first += rowsPerStatement) {
            StringBuilder sql = new StringBuilder("INSERT INTO orders VALUES ");
            for (int i = first; i < Math.min(orders.size(), first + rowsPerStatement); i++) {
                Order order = orders.get(i);
                sql.append(i > first ? ", " : "").append('(').append(order.orderKey()).append(", ").append(order.customerKey()).append(", '").append(order.status()).append("', ")
                        .append(money(order.totalPriceCents())).append(", DATE '").append(order.orderDate()).append("', '").append(order.priority()).append("', '")
                        .append(order.clerk()).append("', ").append(order.shipPriority()).append(", '").append(order.comment()).append("')");
            }
            statements.add(sql.toString());
        }
        for (int first = 0; first < lineItems.size(); first += rowsPerStatement) {
            StringBuilder sql = new StringBuilder("INSERT INTO lineitem VALUES ");
            for (int i = first; i < Math.min(lineItems.size(), first + rowsPerStatement); i++) {
                LineItem line = lineItems.get(i);
                sql.append(i > first ? ", " : "").append('(').append(line.orderKey()).append(", ").append(line.partKey()).append(", ").append(line.supplierKey()).append(", ")
                        .append(line.lineNumber()).append(", ").append(money(line.quantity() * 100)).append(", ").append(money(line.extendedPriceCents())).append(", ")
                        .append(money(line.discountPercent())).append(", ").append(money(line.taxPercent())).append(", '").append(line.returnFlag()).append("', '")
                        .append(line.lineStatus()).append("', DATE '").append(line.shipDate()).append("', DATE '").append(line.commitDate()).append("', DATE '")
                        .append(line.receiptDate()).append("', '").append(line.shipInstruction()).append("', '").append(line.shipMode()).append("', '").append(line.comment())
                        .append("')");
            }
            statements.add(sql.toString());
        }
        return statements;
    }

    /**
     * Writes RF1's rows as dbgen's update files do ({@code orders.u<pair>.tbl}, {@code lineitem.u<pair>.tbl}:
     * one row a line, fields separated by {@code |}, dates as {@code YYYY-MM-DD}), for a refresh function
     * that inserts them with {@code INSERT ... SELECT * FROM read_csv(...)}; returns the two files.
     */
    public List<java.nio.file.Path> writeUpdateFiles(java.nio.file.Path directory)
            throws java.io.IOException
    {
        StringBuilder ordersText = new StringBuilder(orders.size() * 120);
        for (Order order : orders) {
            ordersText.append(order.orderKey()).append('|').append(order.customerKey()).append('|').append(order.status()).append('|').append(money(order.totalPriceCents()))
                    .append('|').append(order.orderDate()).append('|').append(order.priority()).append('|').append(order.clerk()).append('|').append(order.shipPriority())
                    .append('|').append(order.comment()).append('\n');
        }
        StringBuilder linesText = new StringBuilder(lineItems.size() * 140);
        for (LineItem line : lineItems) {
            linesText.append(line.orderKey()).append('|').append(line.partKey()).append('|').append(line.supplierKey()).append('|').append(line.lineNumber()).append('|')
                    .append(money(line.quantity() * 100)).append('|').append(money(line.extendedPriceCents())).append('|').append(money(line.discountPercent())).append('|')
                    .append(money(line.taxPercent())).append('|').append(line.returnFlag()).append('|').append(line.lineStatus()).append('|').append(line.shipDate()).append('|')
                    .append(line.commitDate()).append('|').append(line.receiptDate()).append('|').append(line.shipInstruction()).append('|').append(line.shipMode()).append('|')
                    .append(line.comment()).append('\n');
        }
        java.nio.file.Files.createDirectories(directory);
        java.nio.file.Path ordersFile = directory.resolve("orders.u" + pair + ".tbl");
        java.nio.file.Path linesFile = directory.resolve("lineitem.u" + pair + ".tbl");
        java.nio.file.Files.writeString(ordersFile, ordersText);
        java.nio.file.Files.writeString(linesFile, linesText);
        return List.of(ordersFile, linesFile);
    }

    /** The columns of orders and their types, as {@code name TYPE, ...}, for reading an update file. */
    public static final String ORDERS_COLUMNS = "o_orderkey BIGINT, o_custkey BIGINT, o_orderstatus VARCHAR, o_totalprice DECIMAL(15, 2), o_orderdate DATE, "
            + "o_orderpriority VARCHAR, o_clerk VARCHAR, o_shippriority INTEGER, o_comment VARCHAR";

    /** The columns of lineitem and their types, as {@code name TYPE, ...}, for reading an update file. */
    public static final String LINEITEM_COLUMNS = "l_orderkey BIGINT, l_partkey BIGINT, l_suppkey BIGINT, l_linenumber INTEGER, l_quantity DECIMAL(15, 2), "
            + "l_extendedprice DECIMAL(15, 2), l_discount DECIMAL(15, 2), l_tax DECIMAL(15, 2), l_returnflag VARCHAR, l_linestatus VARCHAR, l_shipdate DATE, "
            + "l_commitdate DATE, l_receiptdate DATE, l_shipinstruct VARCHAR, l_shipmode VARCHAR, l_comment VARCHAR";

    /** RF2 as SQL statements, one atomic unit: the line items of the orders, then the orders. */
    public List<String> refreshFunction2()
    {
        StringBuilder keys = new StringBuilder();
        for (int i = 0; i < deletedOrderKeys.length; i++) {
            keys.append(i > 0 ? ", " : "").append(deletedOrderKeys[i]);
        }
        return List.of("DELETE FROM lineitem WHERE l_orderkey IN (" + keys + ")", "DELETE FROM orders WHERE o_orderkey IN (" + keys + ")");
    }

    /** The supplier {@code number} (0 to 3) of the part, by the generator's formula, so that (part, supplier) is a row of partsupp. */
    static long partSupplier(long partKey, int number, long suppliers)
    {
        return (partKey + (number * ((suppliers / 4) + (partKey - 1) / suppliers))) % suppliers + 1;
    }

    /** The part's retail price in cents (clause 4.2.3's P_RETAILPRICE). */
    static long retailPriceCents(long partKey)
    {
        return 90_000 + ((partKey / 10) % 20_001) + 100 * (partKey % 1_000);
    }

    private static String money(long cents)
    {
        long whole = Math.abs(cents) / 100;
        long fraction = Math.abs(cents) % 100;
        return (cents < 0 ? "-" : "") + whole + "." + (fraction < 10 ? "0" : "") + fraction;
    }

    private static String pick(List<String> values, SplittableRandom random)
    {
        return values.get(random.nextInt(values.size()));
    }

    /** A comment of {@code min} to {@code max} characters from the generator's text pool, with no quote in it. */
    private static String comment(TextPool text, SplittableRandom random, int min, int max)
    {
        int length = min + random.nextInt(max - min + 1);
        int begin = random.nextInt(text.size() - max);
        return text.getText(begin, begin + length).strip().replace("'", "");
    }

    private static void checkPair(int pair)
    {
        if (pair < 1) {
            throw new IllegalArgumentException("refresh pairs are numbered from 1: " + pair);
        }
    }
}
