/**
 * The viewer's HTTP side: the listening socket and its host check, the JSON API ({@code /api/...}),
 * the page's static files and the samples download. Requests come in here and are answered by
 * {@code views} and {@code query}; {@code /api/status} is put together from the parts {@code
 * ingest}, the index and the backend report of themselves. The run a request that names none is
 * answered for comes from the command line as {@link io.spanweave.viewer.http.ApiSettings}. Every
 * answer is a record of {@code json}; every bad request is a 400 with a message that says what is
 * wrong.
 */
package io.spanweave.viewer.http;
