package io.signo.server.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.signo.server.cluster.ExchangeCounters;
import io.signo.server.query.ManagedQuery;
import io.signo.server.query.QueryEventListener;
import io.signo.server.query.QueryState;
import io.signo.storage.db.BlockCache;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * The server's Prometheus metrics: statements by final state and their latency, the running
 * ones, the rows and bytes they returned and the exchange counters of the finished ones, the
 * size of the tables this process holds, and the JVM's memory, GC, threads, class loading and
 * CPU. It learns about statements as the {@link io.signo.server.query.QueryManager}'s listener,
 * on the threads that run them, so everything it keeps is thread safe.
 */
public final class QueryMetrics
        implements QueryEventListener, AutoCloseable
{
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final JvmGcMetrics gcMetrics = new JvmGcMetrics();
    private final AtomicInteger running = new AtomicInteger();
    private final Map<QueryState, Counter> completed = new EnumMap<>(QueryState.class);
    private final Map<QueryState, Timer> latency = new EnumMap<>(QueryState.class);
    private final Counter resultRows;
    private final Counter resultBytes;
    private final Counter exchangeBytesSent;
    private final Counter exchangePagesSent;
    private final Counter exchangeBytesReceived;
    private final Counter exchangePagesReceived;
    private final Counter exchangeWriteBlocked;
    private final Counter exchangeCreditWait;
    private final Counter exchangeConsumerIdle;
    private final Counter exchangeCreditWaitWhileIdle;
    private final Counter exchangeCompressedMessages;
    private final Supplier<Catalog> catalog;
    private final MultiGauge tableData;
    private final MultiGauge tableRows;

    /**
     * @param catalog the tables this process holds, read at each scrape (a cluster may swap its catalog)
     * @param cache the cache of the database this process reads, or null when it reads none
     */
    public QueryMetrics(Supplier<Catalog> catalog, BlockCache cache)
    {
        requireNonNull(catalog, "catalog is null");
        for (QueryState state : List.of(QueryState.FINISHED, QueryState.FAILED, QueryState.CANCELLED)) {
            String name = state.name().toLowerCase(Locale.ROOT);
            completed.put(state, Counter.builder("signo.queries")
                    .description("Statements that ended, by final state")
                    .tag("state", name)
                    .register(registry));
            latency.put(state, Timer.builder("signo.query.duration")
                    .description("Time from submission to the end of a statement, by final state")
                    .tag("state", name)
                    .publishPercentileHistogram()
                    .minimumExpectedValue(Duration.ofMillis(1))
                    .maximumExpectedValue(Duration.ofHours(1))
                    .register(registry));
        }
        Gauge.builder("signo.queries.running", running, AtomicInteger::get)
                .description("Statements running now")
                .register(registry);
        resultRows = counter("signo.result.rows", null, "Rows returned to clients by finished statements");
        resultBytes = counter("signo.result", "bytes", "Bytes of the result pages of finished statements");
        exchangeBytesSent = counter("signo.exchange.sent", "bytes", "Bytes sent over the network by the exchanges of ended statements, on every node");
        exchangePagesSent = counter("signo.exchange.pages.sent", null, "Pages sent by the exchanges of ended statements, on every node");
        exchangeBytesReceived = counter("signo.exchange.received", "bytes", "Bytes received over the network by the exchanges of ended statements, on every node");
        exchangePagesReceived = counter("signo.exchange.pages.received", null, "Pages received by the exchanges of ended statements, on every node");
        exchangeWriteBlocked = counter("signo.exchange.write.blocked", "seconds", "Time exchange senders were blocked on a full socket");
        exchangeCreditWait = counter("signo.exchange.credit.wait", "seconds", "Time exchange senders waited for credit from their receivers");
        exchangeConsumerIdle = counter("signo.exchange.consumer.idle", "seconds", "Time exchange consumers waited for pages while a producer was still running");
        exchangeCreditWaitWhileIdle = counter("signo.exchange.credit.wait.while.idle", "seconds",
                "Part of the consumers' idle time during which the sender of the next message waited for credit (time lost to a small window)");
        exchangeCompressedMessages = counter("signo.exchange.messages.compressed", null, "Exchange messages sent LZ4-compressed");

        // tables come and go with a database: their rows are read again at each scrape
        this.catalog = catalog;
        tableData = MultiGauge.builder("signo.table.data")
                .description("Bytes of table data this process holds in memory (a coordinator holds only the replicated tables; stored tables are read from their files)")
                .baseUnit("bytes")
                .register(registry);
        tableRows = MultiGauge.builder("signo.table.rows")
                .description("Rows of the table across the cluster")
                .register(registry);
        if (cache != null) {
            Gauge.builder("signo.cache.data", cache, BlockCache::cachedBytes)
                    .description("Bytes of decoded column chunks the database's cache holds")
                    .baseUnit("bytes")
                    .register(registry);
            Gauge.builder("signo.cache.capacity", cache, BlockCache::capacityBytes)
                    .description("The most bytes the cache of decoded column chunks holds (--cache-size)")
                    .baseUnit("bytes")
                    .register(registry);
            FunctionCounter.builder("signo.cache.hits", cache, BlockCache::hits)
                    .description("Column chunks read from the cache")
                    .register(registry);
            FunctionCounter.builder("signo.cache.misses", cache, BlockCache::misses)
                    .description("Column chunks decoded from their files because the cache did not hold them")
                    .register(registry);
        }
        refreshTables();

        new JvmMemoryMetrics().bindTo(registry);
        gcMetrics.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
    }

    private Counter counter(String name, String baseUnit, String description)
    {
        Counter.Builder builder = Counter.builder(name).description(description);
        if (baseUnit != null) {
            builder.baseUnit(baseUnit);
        }
        return builder.register(registry);
    }

    private void refreshTables()
    {
        List<MultiGauge.Row<?>> data = new ArrayList<>();
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        for (Table table : catalog.get().tables()) {
            Tags tags = Tags.of("table", table.name());
            data.add(MultiGauge.Row.of(tags, tableBytes(table)));
            rows.add(MultiGauge.Row.of(tags, table.statistics() == null ? 0 : table.statistics().rowCount()));
        }
        tableData.register(data, true);
        tableRows.register(rows, true);
    }

    private static long tableBytes(Table table)
    {
        long bytes = 0;
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                bytes += segment.retainedBytes();
            }
        }
        return bytes;
    }

    @Override
    public void queryStarted(ManagedQuery query)
    {
        running.incrementAndGet();
    }

    @Override
    public void queryCompleted(ManagedQuery query)
    {
        running.decrementAndGet();
        QueryState state = query.state();
        Counter counter = completed.get(state);
        if (counter == null) {
            // not a final state: the manager broke its contract; count nothing rather than fail the statement
            return;
        }
        counter.increment();
        latency.get(state).record(query.elapsed());
        if (state == QueryState.FINISHED) {
            resultRows.increment(query.rows());
            resultBytes.increment(query.bytes());
        }
        for (ExchangeCounters exchange : query.exchanges()) {
            exchangeBytesSent.increment(exchange.bytesSent());
            exchangePagesSent.increment(exchange.pagesSent());
            exchangeBytesReceived.increment(exchange.bytesReceived());
            exchangePagesReceived.increment(exchange.pagesReceived());
            exchangeWriteBlocked.increment(exchange.blockedOnWriteNanos() / 1e9);
            exchangeCreditWait.increment(exchange.waitingForCreditNanos() / 1e9);
            exchangeConsumerIdle.increment(exchange.consumerIdleNanos() / 1e9);
            exchangeCreditWaitWhileIdle.increment(exchange.creditWaitWhileIdleNanos() / 1e9);
            exchangeCompressedMessages.increment(exchange.compressedMessagesSent());
        }
    }

    /** The metrics in the Prometheus text format (version 0.0.4). */
    public String scrape()
    {
        refreshTables();
        return registry.scrape();
    }

    @Override
    public void close()
    {
        gcMetrics.close();
        registry.close();
    }
}
