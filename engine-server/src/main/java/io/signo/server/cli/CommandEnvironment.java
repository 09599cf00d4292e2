package io.signo.server.cli;

import io.signo.server.cluster.ExchangeSettings;
import io.signo.storage.source.DataSource;
import io.signo.storage.table.Catalog;

import java.nio.file.Path;
import java.util.List;

/**
 * What the commands need from the rest of Signo: TPC-H and TPC-DS data and query texts, and an engine over a
 * catalog. {@link LocalEnvironment} runs everything in this process; tests pass small hand-built
 * catalogs and results instead.
 */
public interface CommandEnvironment
{
    /** Generates the eight TPC-H tables at {@code scaleFactor} using {@code threads} threads. */
    Catalog generateTpch(double scaleFactor, int threads);

    /** The text of TPC-H query {@code number} (1 to 22) with its validation parameters. */
    String tpchQuery(int number);

    /** Generates the 24 TPC-DS tables at {@code scaleFactor} using {@code threads} threads. */
    Catalog generateTpcds(double scaleFactor, int threads);

    /** The text of TPC-DS statement {@code name} (q01 ... q99, q14a, q14b, ...; see TpcdsQueries) with its qualification values. */
    String tpcdsQuery(String name);

    QueryEngine createEngine(Catalog catalog, int threads);

    /**
     * An engine over the database in {@code directory} (created when missing), or over an empty one in
     * memory when it is null; {@code cacheBytes} of decoded chunks, or the default when null.
     */
    QueryEngine openDatabase(Path directory, int threads, Long cacheBytes);

    /**
     * Starts {@code workerCount} worker processes on 127.0.0.1 (or joins the running workers at
     * {@code workerAddresses}), has them open their share of {@code source} (TPC-H or TPC-DS generated
     * at a scale factor) and returns an engine
     * that runs queries across them. Closing it stops the workers it started.
     */
    ClusterSession startCluster(DataSource source, int threads, int workerCount, List<String> workerAddresses, ExchangeSettings exchangeSettings);

    /**
     * Starts {@code workerCount} worker processes on 127.0.0.1, each keeping its share of the database
     * in a directory of its own under {@code directory} (or joins the running workers at
     * {@code workerAddresses}), opens the cluster's database in {@code directory} and returns an
     * engine over it. Closing it stops the workers it started.
     */
    ClusterSession startDatabaseCluster(Path directory, Long cacheBytes, int threads, int workerCount, List<String> workerAddresses, ExchangeSettings exchangeSettings);
}
