package io.signo.net.exchange;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

/**
 * Thrown to the drivers of a failed exchange (cancelled, a peer died, corrupt data); the cause says
 * why, and its code is this one's: a failure without a code is the link's, so a failed node.
 */
public final class ExchangeFailedException
        extends SignoException
{
    public ExchangeFailedException(ExchangeId exchangeId, Throwable cause)
    {
        super(cause instanceof SignoException signo ? signo.errorCode() : ErrorCode.NODE_FAILED, "exchange " + exchangeId + " failed: " + cause.getMessage(), cause);
    }
}
