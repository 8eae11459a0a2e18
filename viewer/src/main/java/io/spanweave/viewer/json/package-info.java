/**
 * The JSON answers of the viewer's API, one record per answer (Jackson writes a record's components
 * in order, under their names; an answer made of parts, such as the status, writes each part's
 * fields in its place). Filled by {@code query}, {@code views} and, for the status, the parts
 * {@code ingest} reports; written by {@code http}. The field names are the API's contract: the page
 * and users' scripts read them, so they are only ever added to.
 */
package io.spanweave.viewer.json;
