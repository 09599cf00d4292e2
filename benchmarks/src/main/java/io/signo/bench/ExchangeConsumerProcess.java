package io.signo.bench;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSource;
import io.signo.net.exchange.ExchangeRouter;
import io.signo.net.exchange.ExchangeStats;
import io.signo.net.exchange.NetworkExchange;
import io.signo.net.transport.NodeTransport;
import io.signo.net.transport.TransportConfig;
import io.signo.storage.page.Page;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The consuming side of {@link ExchangeThroughputBenchmark}, in its own process: prints
 * {@code listening on HOST:PORT}, then hosts every partition of each trial's exchange in turn,
 * drains them with one thread per partition (decoding every page) and prints
 * {@code done TRIAL PAGES_RECEIVED WIRE_BYTES_RECEIVED PEAK_BUFFERED_BYTES CONSUMER_IDLE_NANOS CREDIT_WAIT_WHILE_IDLE_NANOS LARGEST_WINDOW_BYTES}. Exits with its parent.
 */
public final class ExchangeConsumerProcess
{
    static final String LISTENING_PREFIX = "listening on ";
    static final String DONE_PREFIX = "done ";

    private ExchangeConsumerProcess() {}

    public static void main(String[] args)
            throws InterruptedException
    {
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> System.exit(1)));
        BenchmarkArguments arguments = new BenchmarkArguments(args);
        List<ThroughputTrial> trials = ThroughputTrial.parse(arguments.string("--trials", ""), ExchangeKind.valueOf(arguments.string("--kind", "ROUND_ROBIN")),
                new int[] {arguments.intValue("--hash-channel", 0)}, arguments.intValue("--partitions", 2));
        try (NodeTransport transport = NodeTransport.start(arguments.string("--host", "127.0.0.1"), 0, TransportConfig.DEFAULT)) {
            ExchangeRouter router = new ExchangeRouter(transport);
            System.out.println(LISTENING_PREFIX + transport.localAddress());
            System.out.flush();
            for (ThroughputTrial trial : trials) {
                try (NetworkExchange exchange = trial.exchange(router, transport.localAddress(), 0)) {
                    List<Thread> drains = new ArrayList<>();
                    for (int partition = 0; partition < trial.partitionCount(); partition++) {
                        ExchangeSource source = exchange.source(partition);
                        drains.add(Thread.ofPlatform().name("drain-" + partition).start(() -> drain(source)));
                    }
                    for (Thread drain : drains) {
                        drain.join();
                    }
                    ExchangeStats.Snapshot stats = exchange.stats().snapshot();
                    System.out.printf(Locale.ROOT, "%s%d %d %d %d %d %d %d%n", DONE_PREFIX, trial.number(), stats.pagesReceived(), stats.wireBytesReceived(), stats.peakBufferedBytes(),
                            stats.consumerIdleNanos(), stats.creditWaitWhileIdleNanos(), stats.largestWindowBytes());
                    System.out.flush();
                }
            }
        }
    }

    private static void drain(ExchangeSource source)
    {
        while (!source.isFinished()) {
            Page page = source.poll();
            if (page == null) {
                source.isBlocked().join();
            }
        }
    }
}
