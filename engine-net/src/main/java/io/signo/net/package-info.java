/**
 * The exchange between processes over Netty. {@code transport}: one {@code NodeTransport} per
 * process (a server plus one multiplexed connection per peer, control requests, heartbeats);
 * {@code codec}: the frame format and its single-purpose handlers (a data frame's payload goes from
 * direct buffers to the socket and from the socket into native memory of its own, pages in
 * engine-storage's aligned layout); {@code exchange}: {@code NetworkExchange}, which implements
 * {@code io.signo.core.exchange.Exchange} like the in-process {@code LocalExchange}, so plans do not
 * change when a query spans several workers, with per-channel credit-based flow control.
 */
package io.signo.net;
