package io.signo.net.transport;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import static java.util.Objects.requireNonNull;

/** A peer process stopped answering or its connection closed; everything involving it fails with this. */
public final class PeerDeadException
        extends SignoException
{
    private final String peer;

    public PeerDeadException(String peer, String reason)
    {
        super(ErrorCode.NODE_FAILED, "peer " + requireNonNull(peer, "peer is null") + " is dead: " + reason);
        this.peer = peer;
    }

    public String peer()
    {
        return peer;
    }
}
