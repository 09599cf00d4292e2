package io.signo.bench.queries;

import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpcds.TpcdsData;
import io.signo.storage.tpcds.TpcdsQueries;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchQueries;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntPredicate;

/**
 * A benchmark that {@link QueryBenchmark} runs: a deterministic data generator and its named
 * queries. Both engines generate the same rows from it (DuckDB's child process by the suite's name).
 */
public enum QuerySuite
{
    TPCH("tpch", "TPC-H") {
        @Override
        public GeneratedDataSet generate(double scaleFactor, int partitionCount, IntPredicate partitionFilter, int parallelism, MemoryPool pool)
        {
            return TpchData.generateDataSet(scaleFactor, partitionCount, partitionFilter, parallelism, pool);
        }

        @Override
        public List<String> queryNames()
        {
            List<String> names = new ArrayList<>();
            for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
                names.add(String.format(Locale.ROOT, "q%02d", query));
            }
            return names;
        }

        @Override
        public String query(String name)
        {
            return TpchQueries.query(Integer.parseInt(name.substring(1)));
        }
    },
    TPCDS("tpcds", "TPC-DS") {
        @Override
        public GeneratedDataSet generate(double scaleFactor, int partitionCount, IntPredicate partitionFilter, int parallelism, MemoryPool pool)
        {
            return TpcdsData.generateDataSet(scaleFactor, partitionCount, partitionFilter, parallelism, pool);
        }

        @Override
        public List<String> queryNames()
        {
            return TpcdsQueries.names();
        }

        @Override
        public String query(String name)
        {
            return TpcdsQueries.query(name);
        }
    };

    private final String commandName;
    private final String title;

    QuerySuite(String commandName, String title)
    {
        this.commandName = commandName;
        this.title = title;
    }

    /** The word after {@code signo bench}: {@code tpch}, {@code tpcds}. */
    public String commandName()
    {
        return commandName;
    }

    /** How reports name the benchmark: {@code TPC-H}, {@code TPC-DS}. */
    public String title()
    {
        return title;
    }

    /**
     * Generates the tables at {@code scaleFactor}: of the partitioned tables, cut into
     * {@code partitionCount} chunks, the partitions {@code partitionFilter} accepts; the replicated
     * tables whole.
     */
    public abstract GeneratedDataSet generate(double scaleFactor, int partitionCount, IntPredicate partitionFilter, int parallelism, MemoryPool pool);

    /** Every query's name, in the order they run ({@code q01}, ...; TPC-DS also {@code q14a}, {@code q14b}). */
    public abstract List<String> queryNames();

    /** The text of query {@code name}, one statement without a trailing semicolon. */
    public abstract String query(String name);

    /**
     * The queries a {@code --queries} entry names: {@code 7}, {@code q7} and {@code q07} name q07; a
     * TPC-DS number whose query has two statements ({@code 14}) names both, {@code 14a} one of them.
     */
    public List<String> queriesNamed(String text)
    {
        String entry = text.strip().toLowerCase(Locale.ROOT).replaceFirst("^q", "");
        int digits = 0;
        while (digits < entry.length() && Character.isDigit(entry.charAt(digits))) {
            digits++;
        }
        if (digits > 0) {
            String name = String.format(Locale.ROOT, "q%02d", Integer.parseInt(entry.substring(0, digits))) + entry.substring(digits);
            List<String> names = queryNames();
            if (names.contains(name)) {
                return List.of(name);
            }
            if (names.contains(name + "a")) {
                return names.stream().filter(candidate -> candidate.matches(name + "[a-z]")).toList();
            }
        }
        throw new IllegalArgumentException("no " + title + " query " + text);
    }

    /** The suite named {@code commandName} ({@code tpch}, {@code tpcds}), or null. */
    public static QuerySuite named(String commandName)
    {
        for (QuerySuite suite : values()) {
            if (suite.commandName.equals(commandName)) {
                return suite;
            }
        }
        return null;
    }
}
