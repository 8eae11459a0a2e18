/**
 * The viewer's HTTP side: the listening socket and its host check, the JSON API
 * ({@code /api/...}, answered by {@code query} and {@code views}), the page's static files and the
 * samples download. Every bad request is a 400 with a message that says what is wrong.
 */
package io.spanweave.viewer.http;
