package io.signo.server.fuzz;

import io.signo.reference.DuckDbDatabase;
import io.signo.sql.QueryControl;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultRows;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * The differential SQL fuzzer: runs statements from {@link SqlQueryGenerator} on Signo and on DuckDB
 * over the same TPC-H rows, classifies each {@link Outcome}, and shrinks every failure to a minimal
 * statement that still fails the same way (delta debugging over the statement's tree: optional
 * clauses and list items dropped, sub-expressions replaced by a child or a literal of their type).
 * Statement {@code i} of seed {@code S} is the same on every run. Not thread safe.
 */
public final class SqlFuzzer
        implements AutoCloseable
{
    /** What running one statement on both engines gave, from best to worst. */
    public enum Outcome
    {
        /** Both answered the same. */
        MATCH(false),
        /** Both refused the statement (an invalid statement the generator made, such as an ordinal past the select list). */
        BOTH_ERROR(false),
        /** The engines differ in a way both document; the reason says which. */
        KNOWN_DIFFERENCE(false),
        /** One of them ran past the time limit, or answered more rows than the fuzzer compares ({@value #MAX_ANSWER_ROWS}). */
        TIMEOUT(false),
        /** DuckDB failed, Signo answered. */
        DUCKDB_ERROR_ONLY(true),
        /** Signo refused a statement DuckDB answers: a feature gap or a dialect difference (NOT_SUPPORTED, VALIDATION_ERROR, ...). */
        SIGNO_REFUSED(true),
        /** Signo failed with a user error (an overflow, a cast) on a statement DuckDB answers. */
        SIGNO_ERROR_ONLY(true),
        /** Signo failed with an internal error: a bug. */
        SIGNO_INTERNAL_ERROR(true),
        /** Both answered, differently: a wrong answer, the worst. */
        MISMATCH(true);

        private final boolean failure;

        Outcome(boolean failure)
        {
            this.failure = failure;
        }

        /** Whether the outcome is a failure to minimize and report one by one. */
        public boolean failure()
        {
            return failure;
        }

        /** Whether the outcome fails a CI run: a wrong answer or an internal error. */
        public boolean bug()
        {
            return this == MISMATCH || this == SIGNO_INTERNAL_ERROR;
        }
    }

    /** The outcome of one statement: {@code detail} the error or the difference, {@code key} what makes two failures the same. */
    public record Result(Outcome outcome, String detail, String key) {}

    /** A distinct failure: the first statement that showed it, that statement minimized, and how often it was seen. */
    public record Failure(Outcome outcome, String key, long querySeed, String query, String minimized, String detail, int count)
    {
        Failure seenAgain()
        {
            return new Failure(outcome, key, querySeed, query, minimized, detail, count + 1);
        }
    }

    /** What a run found. */
    public record Report(long seed, int queries, Duration elapsed, Map<Outcome, Integer> counts, Map<String, Integer> knownDifferences,
            Map<String, String> knownDifferenceExamples, List<Failure> failures)
    {
        public boolean hasBugs()
        {
            return failures.stream().anyMatch(failure -> failure.outcome().bug());
        }
    }

    private static final Set<ErrorCode> REFUSALS = Set.of(ErrorCode.NOT_SUPPORTED, ErrorCode.VALIDATION_ERROR, ErrorCode.FUNCTION_NOT_FOUND,
            ErrorCode.SYNTAX_ERROR, ErrorCode.COLUMN_NOT_FOUND, ErrorCode.TABLE_NOT_FOUND);
    private static final int MINIMIZE_ATTEMPTS = 400;
    private static final String DUCKDB_MEMORY_LIMIT = "2GB";
    /**
     * The most rows of an answer the fuzzer holds and compares: a cross join of the large tables answers
     * millions, each row a list of objects on the heap, which ran a one-hour run out of heap.
     */
    static final int MAX_ANSWER_ROWS = 100_000;

    private final TpchDataSet data;
    private final SignoEngine signo;
    /** Replaced when DuckDB fails fatally, which leaves its database refusing every statement after. */
    private DuckDbDatabase duckDb;
    private final Session session = new Session("fuzz");
    private final Duration timeout;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "sql-fuzzer-timeout");
        thread.setDaemon(true);
        return thread;
    });

    private SqlFuzzer(TpchDataSet data, SignoEngine signo, DuckDbDatabase duckDb, Duration timeout)
    {
        this.data = requireNonNull(data, "data is null");
        this.signo = requireNonNull(signo, "signo is null");
        this.duckDb = requireNonNull(duckDb, "duckDb is null");
        this.timeout = requireNonNull(timeout, "timeout is null");
    }

    /**
     * TPC-H at {@code scaleFactor}, in Signo (planned for {@code workers} worker nodes in this
     * process, each with {@code threads} drivers) and in DuckDB (integer division as the standard
     * has it, NULLs sorted as Signo sorts them); a statement that runs past {@code timeout} is cancelled.
     */
    public static SqlFuzzer open(double scaleFactor, int workers, int threads, Duration timeout)
            throws SQLException, InterruptedException
    {
        TpchDataSet data = TpchData.generateDataSet(scaleFactor, workers + 1, MemoryPool.unbounded("fuzz-tpch"));
        SignoEngine signo = new SignoEngine(data.catalog(), threads, workers, Runtime.getRuntime().maxMemory() / 4);
        return new SqlFuzzer(data, signo, openDuckDb(data), timeout);
    }

    private static DuckDbDatabase openDuckDb(TpchDataSet data)
            throws SQLException, InterruptedException
    {
        DuckDbDatabase duckDb = DuckDbDatabase.open(1);
        duckDb.load(data.catalog(), 1, true);
        try (Statement statement = duckDb.connection().createStatement()) {
            // the SQL standard (and Calcite): INTEGER / INTEGER is an INTEGER
            statement.execute("SET integer_division = true");
            // a statement that would need more (a cross join of the large tables) fails in DuckDB instead of
            // growing until the machine's out-of-memory killer stops the whole run (its default is 80% of the machine)
            statement.execute("SET memory_limit = '" + DUCKDB_MEMORY_LIMIT + "'");
        }
        return duckDb;
    }

    /** The statement of seed {@code seed} and number {@code index}. */
    public static SqlNode statement(long seed, int index)
    {
        return new SqlQueryGenerator(querySeed(seed, index)).statement();
    }

    private static long querySeed(long seed, int index)
    {
        return seed * 1_000_003L + index;
    }

    /**
     * Generates and runs statements until {@code maxQueries} ran or {@code duration} passed (whichever
     * comes first), minimizing each distinct failure; {@code progress} hears a line per failure and
     * one every 100 statements, and {@code checkpoint} is given the report so far at the same moments,
     * so that a run stopped from outside (killed, or out of memory) loses none of what it found.
     */
    public Report fuzz(long seed, int maxQueries, Duration duration, Consumer<String> progress, Consumer<Report> checkpoint)
    {
        long start = System.nanoTime();
        long deadline = start + duration.toNanos();
        Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        for (Outcome outcome : Outcome.values()) {
            counts.put(outcome, 0);
        }
        Map<String, Integer> known = new LinkedHashMap<>();
        Map<String, String> knownExamples = new LinkedHashMap<>();
        Map<String, Failure> failures = new LinkedHashMap<>();
        int queries = 0;
        while (queries < maxQueries && System.nanoTime() < deadline) {
            long querySeed = querySeed(seed, queries);
            SqlNode tree = new SqlQueryGenerator(querySeed).statement();
            String sql = tree.sql();
            queries++;
            Result result = run(sql);
            counts.merge(result.outcome(), 1, Integer::sum);
            if (result.outcome() == Outcome.KNOWN_DIFFERENCE) {
                known.merge(result.key(), 1, Integer::sum);
                knownExamples.putIfAbsent(result.key(), sql);
            }
            else if (result.outcome().failure()) {
                Failure seen = result.outcome() == Outcome.MISMATCH ? null : failures.get(result.key());
                if (seen != null) {
                    failures.put(seen.key(), seen.seenAgain());
                }
                else {
                    SqlNode minimized = minimize(tree, result);
                    Result minimizedResult = run(minimized.sql());
                    // a wrong answer is keyed by its minimal statement: two statements that shrink to different ones are two bugs
                    String key = result.outcome() == Outcome.MISMATCH ? "MISMATCH " + minimized.sql() : result.key();
                    Failure failure = new Failure(result.outcome(), key, querySeed, sql, minimized.sql(), minimizedResult.detail(), 1);
                    Failure previous = failures.putIfAbsent(key, failure);
                    if (previous != null) {
                        failures.put(key, previous.seenAgain());
                    }
                    else {
                        progress.accept(result.outcome() + " (statement " + (queries - 1) + "): " + oneLine(minimized.sql()) + "\n    " + oneLine(minimizedResult.detail()));
                        checkpoint.accept(report(seed, queries, start, counts, known, knownExamples, failures));
                    }
                }
            }
            if (queries % 100 == 0) {
                progress.accept(queries + " statements, " + Duration.ofNanos(System.nanoTime() - start).toSeconds() + " s: " + counts);
                checkpoint.accept(report(seed, queries, start, counts, known, knownExamples, failures));
            }
        }
        return report(seed, queries, start, counts, known, knownExamples, failures);
    }

    private static Report report(long seed, int queries, long start, Map<Outcome, Integer> counts, Map<String, Integer> known, Map<String, String> knownExamples,
            Map<String, Failure> failures)
    {
        List<Failure> distinct = new ArrayList<>(failures.values());
        distinct.sort((left, right) -> right.outcome().compareTo(left.outcome()));
        return new Report(seed, queries, Duration.ofNanos(System.nanoTime() - start), new EnumMap<>(counts), new LinkedHashMap<>(known), new LinkedHashMap<>(knownExamples),
                distinct);
    }

    static String oneLine(String text)
    {
        return text.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    private static final String DUCKDB_INTERNAL = "INTERNAL Error";
    private static final String DUCKDB_FATAL = "FATAL Error";
    private static final String DUCKDB_INVALIDATED = "database has been invalidated";

    private void reopenDuckDb(String error)
    {
        System.err.println("DuckDB failed fatally; reopening it with the same data: " + oneLine(error).split(" Stack Trace:", 2)[0]);
        try {
            duckDb.close();
        }
        catch (SQLException | RuntimeException e) {
            // an invalidated database may refuse to close cleanly; it is dropped either way
        }
        try {
            duckDb = openDuckDb(data);
        }
        catch (SQLException e) {
            throw new IllegalStateException("DuckDB could not be opened again after a fatal error", e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while opening DuckDB again", e);
        }
    }

    /** Runs {@code sql} on both engines and classifies what they did. */
    public Result run(String sql)
    {
        Answer signoAnswer = runSigno(sql);
        Answer duckDbAnswer = runDuckDb(sql);
        if (duckDbAnswer.error() != null && (duckDbAnswer.error().contains(DUCKDB_INTERNAL) || duckDbAnswer.error().contains(DUCKDB_FATAL))) {
            // DuckDB's own internal error (seed 43: "dict-surviving cache: global dictionary column 2 changed identity after
            // being seeded for dictionary caching") invalidates its database, and every later statement would be DUCKDB_ERROR_ONLY
            reopenDuckDb(duckDbAnswer.error());
            if (duckDbAnswer.error().contains(DUCKDB_INVALIDATED)) {
                duckDbAnswer = runDuckDb(sql);
            }
        }
        if (signoAnswer.timedOut() || duckDbAnswer.timedOut()) {
            Answer stopped = signoAnswer.timedOut() ? signoAnswer : duckDbAnswer;
            String why = stopped.error() == null ? "ran past " + timeout.toSeconds() + " s" : stopped.error();
            return new Result(Outcome.TIMEOUT, (signoAnswer.timedOut() ? "Signo" : "DuckDB") + " " + why, "TIMEOUT");
        }
        if (signoAnswer.internal()) {
            return new Result(Outcome.SIGNO_INTERNAL_ERROR, signoAnswer.error(), "INTERNAL " + messageKey(signoAnswer.error()));
        }
        if (signoAnswer.error() != null && duckDbAnswer.error() != null) {
            return new Result(Outcome.BOTH_ERROR, "Signo: " + signoAnswer.error() + "\nDuckDB: " + duckDbAnswer.error(), "BOTH " + signoAnswer.code());
        }
        if (signoAnswer.error() != null) {
            Optional<String> reason = knownDifference(signoAnswer.code());
            if (reason.isPresent()) {
                return new Result(Outcome.KNOWN_DIFFERENCE, signoAnswer.error(), reason.get());
            }
            Outcome outcome = REFUSALS.contains(signoAnswer.code()) ? Outcome.SIGNO_REFUSED : Outcome.SIGNO_ERROR_ONLY;
            return new Result(outcome, signoAnswer.code() + ": " + signoAnswer.error(), outcome + " " + signoAnswer.code() + " " + messageKey(signoAnswer.error()));
        }
        if (duckDbAnswer.error() != null) {
            return new Result(Outcome.DUCKDB_ERROR_ONLY, duckDbAnswer.error(), "DUCKDB " + messageKey(duckDbAnswer.error()));
        }
        Optional<String> difference;
        try {
            difference = duckDb.differenceOfAnswers(sql, signoAnswer.columnNames(), duckDbAnswer.rows(), signoAnswer.rows());
        }
        catch (RuntimeException e) {
            difference = Optional.of("the answers could not be compared: " + e);
        }
        if (difference.isPresent()) {
            List<List<Object>> asDates = timestampsAtMidnightAsDates(duckDbAnswer.rows(), signoAnswer.rows());
            if (asDates != null && duckDb.differenceOfAnswers(sql, signoAnswer.columnNames(), asDates, signoAnswer.rows()).isEmpty()) {
                return new Result(Outcome.KNOWN_DIFFERENCE, difference.get(), DATE_INTERVAL_TYPE);
            }
            return new Result(Outcome.MISMATCH, difference.get(), "MISMATCH");
        }
        return new Result(Outcome.MATCH, "", "MATCH");
    }

    /**
     * The documented differences between the engines, by the code of the error Signo raised where
     * DuckDB answered; each is a choice of Signo's, not a bug.
     */
    static Optional<String> knownDifference(ErrorCode code)
    {
        return switch (code) {
            case DATETIME_OUT_OF_RANGE -> Optional.of("date range: Signo's DATE and TIMESTAMP arithmetic stops at the end of its types' ranges with DATETIME_OUT_OF_RANGE "
                    + "(a DATE's int of days, a TIMESTAMP's long of microseconds); DuckDB's may go on (its dates to year 5877642)");
            case NUMERIC_OVERFLOW -> Optional.of("overflow: Signo raises NUMERIC_OVERFLOW where a result passes its type; DuckDB computes some in wider types "
                    + "(SUM of BIGINT as HUGEINT, a DECIMAL product in up to 38 digits, BIGINT arithmetic on INTEGER and BIGINT as HUGEINT where it fits)");
            default -> Optional.empty();
        };
    }

    /** A TIMESTAMP at midnight in text, anywhere in a string ({@code 'a' || CAST(d - INTERVAL '30' YEAR AS VARCHAR)}); group 1 its date. */
    private static final Pattern MIDNIGHT_TEXT = Pattern.compile("(\\d{4,}-\\d{2}-\\d{2}(?: \\(BC\\))?) 00:00:00");

    static final String DATE_INTERVAL_TYPE = "date ± interval: Signo's result is a DATE (the standard; `date + INTERVAL '1' MONTH` is a date), DuckDB's a TIMESTAMP at midnight "
            + "(so that subtracting a date from it gives DuckDB an INTERVAL of days where Signo's DATE - DATE is a number of days, as DuckDB's is, "
            + "and its text has a time of day)";

    /**
     * DuckDB's rows read as Signo's types would give them where DATE ± INTERVAL made DuckDB's a
     * TIMESTAMP: every TIMESTAMP at midnight in a column where Signo answered DATEs as that date, and
     * every interval of whole days ({@code 4 days}, DuckDB's TIMESTAMP - DATE, or an average of such) in a
     * column where Signo answered numbers (its DATE - DATE, or their average) as that number, and the text of a TIMESTAMP at midnight
     * ({@code 2000-02-01 00:00:00}, such a TIMESTAMP cast to VARCHAR), alone or within a longer string, in a column where
     * Signo answered text as the date's text, and the whole text of an interval of whole days ({@code -6940 days}, such a
     * difference cast to VARCHAR) there as the number's text; null when there is no such column.
     */
    private static List<List<Object>> timestampsAtMidnightAsDates(List<List<Object>> duckDbRows, List<List<Object>> signoRows)
    {
        if (duckDbRows.isEmpty() || signoRows.isEmpty()) {
            return null;
        }
        int columns = duckDbRows.getFirst().size();
        boolean[] dateColumn = new boolean[columns];
        boolean[] numberColumn = new boolean[columns];
        boolean[] textColumn = new boolean[columns];
        boolean any = false;
        for (int column = 0; column < columns && column < signoRows.getFirst().size(); column++) {
            for (List<Object> row : signoRows) {
                if (row.get(column) != null) {
                    dateColumn[column] = row.get(column) instanceof LocalDate;
                    // a number of days, or their average (a DECIMAL) where DuckDB averaged intervals
                    numberColumn[column] = row.get(column) instanceof Number;
                    textColumn[column] = row.get(column) instanceof String;
                    break;
                }
            }
            any |= dateColumn[column] || numberColumn[column] || textColumn[column];
        }
        if (!any) {
            return null;
        }
        List<List<Object>> converted = new ArrayList<>();
        for (List<Object> row : duckDbRows) {
            List<Object> newRow = new ArrayList<>(row);
            for (int column = 0; column < columns; column++) {
                if (dateColumn[column] && newRow.get(column) instanceof java.time.LocalDateTime timestamp && timestamp.toLocalTime().equals(java.time.LocalTime.MIDNIGHT)) {
                    newRow.set(column, timestamp.toLocalDate());
                }
                else if (textColumn[column] && newRow.get(column) instanceof String text) {
                    // the text of a TIMESTAMP at midnight ('2000-02-01 00:00:00', a DATE + INTERVAL cast to VARCHAR) as the date's,
                    // and the whole text of an interval of whole days ('-6940 days', DuckDB's TIMESTAMP - DATE cast to VARCHAR) as the number's
                    Matcher days = WHOLE_DAYS.matcher(text);
                    newRow.set(column, days.matches() ? days.group(1) : MIDNIGHT_TEXT.matcher(text).replaceAll("$1"));
                }
                else if (numberColumn[column] && newRow.get(column) instanceof String interval) {
                    Long days = wholeDays(interval);
                    if (days != null) {
                        newRow.set(column, days);
                    }
                }
            }
            converted.add(newRow);
        }
        return converted;
    }

    private static final java.util.regex.Pattern WHOLE_DAYS = java.util.regex.Pattern.compile("(-?[0-9]+) days?");

    /** The days of an interval DuckDB wrote as whole days ({@code 4 days}, {@code -1 day}, {@code 00:00:00}), else null. */
    static Long wholeDays(String interval)
    {
        if (interval.equals("00:00:00")) {
            return 0L;
        }
        Matcher matcher = WHOLE_DAYS.matcher(interval);
        return matcher.matches() ? Long.parseLong(matcher.group(1)) : null;
    }

    /** An error message with its numbers, quoted names and positions left out, so that one kind of error is one key. */
    static String messageKey(String message)
    {
        String firstLine = message == null ? "" : message.strip().split("\\R", 2)[0];
        String key = firstLine.replaceAll("'[^']*'", "'…'").replaceAll("\"[^\"]*\"", "\"…\"").replaceAll("[0-9]+", "#");
        return key.length() > 120 ? key.substring(0, 120) : key;
    }

    private record Answer(List<String> columnNames, List<List<Object>> rows, ErrorCode code, String error, boolean internal, boolean timedOut)
    {
        static Answer rows(List<String> columnNames, List<List<Object>> rows)
        {
            return new Answer(columnNames, rows, null, null, false, false);
        }

        static Answer failed(ErrorCode code, String error, boolean internal)
        {
            return new Answer(null, null, code, error == null ? "(no message)" : error, internal, false);
        }

        static Answer timeout()
        {
            return new Answer(null, null, null, null, false, true);
        }

        static Answer tooLarge()
        {
            return new Answer(null, null, null, "answered more than " + MAX_ANSWER_ROWS + " rows", false, true);
        }
    }

    private Answer runSigno(String sql)
    {
        QueryControl control = new QueryControl();
        // set before cancelling: the query may fail with the cancellation before the timer's task returns, while the future is not yet done
        AtomicBoolean limitReached = new AtomicBoolean();
        ScheduledFuture<?> cancel = timer.schedule(() -> {
            limitReached.set(true);
            control.cancel("the fuzzer's time limit");
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        try {
            QueryResult result = signo.execute(session, sql, control);
            long rowCount = result.pages().stream().mapToLong(Page::positionCount).sum();
            if (rowCount > MAX_ANSWER_ROWS) {
                return Answer.tooLarge();
            }
            return Answer.rows(result.columnNames(), ResultRows.toRows(result));
        }
        catch (SignoException e) {
            if (e.errorCode() == ErrorCode.QUERY_CANCELLED && limitReached.get()) {
                return Answer.timeout();
            }
            return Answer.failed(e.errorCode(), e.getMessage(), e.errorCode() == ErrorCode.INTERNAL_ERROR);
        }
        catch (RuntimeException | AssertionError | StackOverflowError e) {
            // an assertion of Calcite's (Litmus.THROW) escapes as an Error: as much a bug as any exception
            return Answer.failed(ErrorCode.INTERNAL_ERROR, e.toString(), true);
        }
        finally {
            cancel.cancel(false);
        }
    }

    private Answer runDuckDb(String sql)
    {
        try (Statement statement = duckDb.connection().createStatement()) {
            AtomicBoolean limitReached = new AtomicBoolean();
            ScheduledFuture<?> cancel = timer.schedule(() -> {
                limitReached.set(true);
                try {
                    statement.cancel();
                }
                catch (SQLException ignored) {
                    // the statement ended meanwhile
                }
            }, timeout.toMillis(), TimeUnit.MILLISECONDS);
            try (ResultSet resultSet = statement.executeQuery(sql)) {
                int columnCount = resultSet.getMetaData().getColumnCount();
                List<List<Object>> rows = new ArrayList<>();
                while (resultSet.next()) {
                    if (rows.size() == MAX_ANSWER_ROWS) {
                        return Answer.tooLarge();
                    }
                    List<Object> row = new ArrayList<>(columnCount);
                    for (int column = 1; column <= columnCount; column++) {
                        row.add(DuckDbDatabase.value(resultSet, column));
                    }
                    rows.add(row);
                }
                return Answer.rows(null, rows);
            }
            catch (SQLException | RuntimeException e) {
                if (limitReached.get()) {
                    return Answer.timeout();
                }
                return Answer.failed(null, e.getMessage(), false);
            }
            finally {
                cancel.cancel(false);
            }
        }
        catch (SQLException e) {
            return Answer.failed(null, e.getMessage(), false);
        }
    }

    /**
     * The smallest statement found that still fails as {@code original} did (the same outcome; for
     * errors, the same kind of error): tries each node's replacements in turn, keeps the first that
     * still fails, and starts over until none does or the attempts run out.
     */
    public SqlNode minimize(SqlNode tree, Result original)
    {
        SqlNode current = tree;
        int attempts = 0;
        boolean shrunk = true;
        while (shrunk && attempts < MINIMIZE_ATTEMPTS) {
            shrunk = false;
            List<List<Integer>> paths = new ArrayList<>();
            collectPaths(current, new ArrayList<>(), paths);
            search : for (List<Integer> path : paths) {
                SqlNode node = nodeAt(current, path);
                String text = node.sql();
                for (SqlNode replacement : node.replacements()) {
                    if (replacement.sql().equals(text) || attempts >= MINIMIZE_ATTEMPTS) {
                        continue;
                    }
                    SqlNode candidate = replace(current, path, 0, replacement);
                    attempts++;
                    Result result = run(candidate.sql());
                    if (result.outcome() == original.outcome() && sameFailure(original, result)) {
                        current = candidate;
                        shrunk = true;
                        break search;
                    }
                }
            }
        }
        return current;
    }

    private static boolean sameFailure(Result original, Result candidate)
    {
        return original.outcome() == Outcome.MISMATCH || original.key().equals(candidate.key());
    }

    private static void collectPaths(SqlNode node, List<Integer> path, List<List<Integer>> paths)
    {
        paths.add(List.copyOf(path));
        List<SqlNode> children = node.children();
        for (int i = 0; i < children.size(); i++) {
            path.add(i);
            collectPaths(children.get(i), path, paths);
            path.removeLast();
        }
    }

    private static SqlNode nodeAt(SqlNode root, List<Integer> path)
    {
        SqlNode node = root;
        for (int index : path) {
            node = node.children().get(index);
        }
        return node;
    }

    private static SqlNode replace(SqlNode node, List<Integer> path, int depth, SqlNode replacement)
    {
        if (depth == path.size()) {
            return replacement;
        }
        int index = path.get(depth);
        return node.withChild(index, replace(node.children().get(index), path, depth + 1, replacement));
    }

    @Override
    public void close()
            throws SQLException
    {
        timer.shutdownNow();
        try (data; signo) {
            duckDb.close();
        }
    }
}
