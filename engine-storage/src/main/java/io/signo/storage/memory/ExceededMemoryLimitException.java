package io.signo.storage.memory;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

/** A reservation would pass a memory pool's limit. */
public final class ExceededMemoryLimitException
        extends SignoException
{
    public ExceededMemoryLimitException(String pool, long requested, long reserved, long max)
    {
        super(ErrorCode.EXCEEDED_MEMORY_LIMIT, "Query exceeded memory limit of pool '" + pool + "': requested " + requested
                + " bytes with " + reserved + " of " + max + " bytes already reserved");
    }
}
