package io.signo.sql.translate;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.util.Locale;

/** The session property {@code join_distribution}: let the cost model choose, or force one way. */
public enum JoinDistributionMode
{
    AUTOMATIC,
    BROADCAST,
    PARTITIONED;

    public static JoinDistributionMode parse(String value)
    {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        }
        catch (IllegalArgumentException e) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT,
                    "join_distribution must be 'automatic', 'broadcast' or 'partitioned', not '" + value + "'");
        }
    }
}
