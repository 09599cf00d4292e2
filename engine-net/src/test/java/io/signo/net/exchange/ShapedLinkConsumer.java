package io.signo.net.exchange;

import io.signo.core.exchange.ExchangeSource;
import io.signo.net.transport.NodeTransport;
import io.signo.net.transport.TransportConfig;
import io.signo.storage.page.Page;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The consuming side of {@link ShapedLinkExchangeTest}, run in a network namespace behind a shaped
 * link: binds {@code HOST}, prints {@code listening on HOST:PORT}, then hosts both partitions of each
 * trial's exchange ({@link ShapedLinkExchangeTest#exchange}) in turn, drains them and prints
 * {@code done TRIAL PAGES WIRE_BYTES PEAK_BUFFERED_BYTES}. Exits with its parent.
 */
public final class ShapedLinkConsumer
{
    private ShapedLinkConsumer() {}

    public static void main(String[] args)
            throws InterruptedException
    {
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> System.exit(1)));
        String host = args[0];
        String[] trials = args[1].split(",");
        try (NodeTransport transport = NodeTransport.start(host, 0, TransportConfig.DEFAULT)) {
            ExchangeRouter router = new ExchangeRouter(transport);
            System.out.println("listening on " + transport.localAddress());
            System.out.flush();
            for (int trial = 0; trial < trials.length; trial++) {
                ReceiveBudget budget = new ReceiveBudget(ShapedLinkExchangeTest.QUERY_BUFFER_BYTES);
                try (NetworkExchange exchange = ShapedLinkExchangeTest.exchange(router, transport.localAddress(), trial, ExchangeCompression.valueOf(trials[trial]), 0, budget)) {
                    List<Thread> drains = new ArrayList<>();
                    for (int partition = 0; partition < exchange.partitionCount(); partition++) {
                        ExchangeSource source = exchange.source(partition);
                        drains.add(Thread.ofPlatform().start(() -> drain(source)));
                    }
                    for (Thread drain : drains) {
                        drain.join();
                    }
                    ExchangeStats.Snapshot stats = exchange.stats().snapshot();
                    System.out.printf(Locale.ROOT, "done %d %d %d %d%n", trial, stats.pagesReceived(), stats.wireBytesReceived(), budget.peakBufferedBytes());
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
