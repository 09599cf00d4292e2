package io.signo.sql.fragment;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

/** An encoded plan that cannot be read: malformed, not allowed by the codec's filter, or naming a table this node lacks. */
public final class PlanDecodingException
        extends SignoException
{
    public PlanDecodingException(String message, Throwable cause)
    {
        super(ErrorCode.CORRUPT_DATA, message, cause);
    }
}
