/**
 * The exchange between processes over Netty. {@code transport}: one {@code NodeTransport} per
 * process (a server plus one multiplexed connection per peer, control requests, heartbeats);
 * {@code codec}: the frame format and its single-purpose handlers, and the {@code PageCodec} seam
 * to engine-storage's serde; {@code exchange}: {@code NetworkExchange}, which implements
 * {@code io.signo.core.exchange.Exchange} like the in-process {@code LocalExchange}, so plans do not
 * change when a query spans several workers, with per-channel credit-based flow control.
 */
package io.signo.net;
