package io.signo.server.http;

/** Whether the server takes new statements; {@code GET /v1/info} reports it for probes. */
public enum ServerState
{
    ACTIVE,
    SHUTTING_DOWN
}
