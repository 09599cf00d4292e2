package io.signo.sql.fragment;

/** An encoded plan that cannot be read: corrupt, not allowed by the codec's filter, or naming a table this node lacks. */
public final class PlanDecodingException
        extends RuntimeException
{
    public PlanDecodingException(String message, Throwable cause)
    {
        super(message, cause);
    }
}
