package io.signo.sql.ddl;

import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The statements a crash test runs, in a child process: {@code CrashWorkload DIR FIRST_STEP} opens
 * the database in DIR and runs step after step from FIRST_STEP, printing {@code ack N} after step N
 * returned (committed). Each step is one INSERT, UPDATE or DELETE of table {@code accounts};
 * {@link #apply} is what the step does, so a test can tell what the table must hold after any
 * number of steps.
 */
public final class CrashWorkload
{
    private CrashWorkload() {}

    public static void main(String[] args)
    {
        Path directory = Path.of(args[0]);
        int step = Integer.parseInt(args[1]);
        try (SignoEngine engine = new SignoEngine(Database.open(directory), 1)) {
            if (step == 1) {
                engine.execute(createTable());
                System.out.println("ack 0");
                System.out.flush();
            }
            while (true) {
                engine.execute(statement(step));
                System.out.println("ack " + step);
                System.out.flush();
                step++;
            }
        }
    }

    static String createTable()
    {
        // partitioned and sorted, so that kills also land in sorted writes and in the background compactions the small files bring
        return "CREATE TABLE accounts (id INTEGER NOT NULL, balance BIGINT NOT NULL) WITH (partitioned_by = 'id', partitions = 3, sorted_by = 'balance')";
    }

    /** Step n: inserts ten rows, adds to a fifth of the balances, or deletes a seventh of the rows, in turn. */
    static String statement(int step)
    {
        return switch (step % 3) {
            case 1 -> {
                StringBuilder values = new StringBuilder("INSERT INTO accounts VALUES ");
                for (int i = 0; i < 10; i++) {
                    values.append(i > 0 ? ", " : "").append("(").append(step * 10 + i).append(", ").append(step).append(")");
                }
                yield values.toString();
            }
            case 2 -> "UPDATE accounts SET balance = balance + " + step + " WHERE mod(id, 5) = " + step % 5;
            default -> "DELETE FROM accounts WHERE mod(id, 7) = " + step % 7;
        };
    }

    /** What step n does to the table, by id. */
    static void apply(int step, Map<Integer, Long> accounts)
    {
        switch (step % 3) {
            case 1 -> {
                for (int i = 0; i < 10; i++) {
                    accounts.put(step * 10 + i, (long) step);
                }
            }
            case 2 -> accounts.replaceAll((id, balance) -> id % 5 == step % 5 ? balance + step : balance);
            default -> accounts.keySet().removeIf(id -> id % 7 == step % 7);
        }
    }

    /** The table after steps 1 to n. */
    static Map<Integer, Long> expected(int steps)
    {
        Map<Integer, Long> accounts = new TreeMap<>();
        for (int step = 1; step <= steps; step++) {
            apply(step, accounts);
        }
        return accounts;
    }
}
