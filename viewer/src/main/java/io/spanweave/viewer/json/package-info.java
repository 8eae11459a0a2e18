/**
 * The JSON answers of the viewer's API, one record per answer (Jackson writes a record's
 * components in order, under their names). The field names are the API's contract: the page and
 * users' scripts read them, so they are only ever added to.
 */
package io.spanweave.viewer.json;
