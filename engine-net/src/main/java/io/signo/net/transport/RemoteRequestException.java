package io.signo.net.transport;

/** A control request whose handler failed on the remote side; carries the remote message. */
public final class RemoteRequestException
        extends RuntimeException
{
    public RemoteRequestException(String peer, String method, String remoteMessage)
    {
        super("request " + method + " to " + peer + " failed remotely: " + remoteMessage);
    }
}
