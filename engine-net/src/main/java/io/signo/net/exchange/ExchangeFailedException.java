package io.signo.net.exchange;

/** Thrown to the drivers of a failed exchange (cancelled, a peer died, corrupt data); the cause says why. */
public final class ExchangeFailedException
        extends RuntimeException
{
    public ExchangeFailedException(ExchangeId exchangeId, Throwable cause)
    {
        super("exchange " + exchangeId + " failed: " + cause.getMessage(), cause);
    }
}
