package io.signo.net.transport;

import static java.util.Objects.requireNonNull;

/** A peer process stopped answering or its connection closed; everything involving it fails with this. */
public final class PeerDeadException
        extends RuntimeException
{
    private final String peer;

    public PeerDeadException(String peer, String reason)
    {
        super("peer " + requireNonNull(peer, "peer is null") + " is dead: " + reason);
        this.peer = peer;
    }

    public String peer()
    {
        return peer;
    }
}
