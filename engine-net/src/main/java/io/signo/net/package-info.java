/**
 * The exchange between processes over Netty: credit-based flow control, batching, LZ4 compression
 * and worker control messages. It implements {@code io.signo.core.exchange.Exchange}, the same
 * interface the in-process {@code LocalExchange} implements, so plans do not change when a query
 * spans several workers. Built by the cluster issue; this module is the seam for it.
 */
package io.signo.net;
