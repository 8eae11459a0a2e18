/**
 * Not part of spanweave's API. TLS from PEM files, for the local collector (server side and mTLS)
 * and for every client of the runtime that posts to a collector: the JDK's own {@code
 * javax.net.ssl}.
 */
package io.spanweave.runtime.internal.tls;
