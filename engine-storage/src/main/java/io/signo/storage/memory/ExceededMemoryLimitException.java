package io.signo.storage.memory;

/** A reservation would pass a memory pool's limit. */
public final class ExceededMemoryLimitException extends RuntimeException
{
    public ExceededMemoryLimitException(String pool, long requested, long reserved, long max)
    {
        super("Query exceeded memory limit of pool '" + pool + "': requested " + requested
                + " bytes with " + reserved + " of " + max + " bytes already reserved");
    }
}
