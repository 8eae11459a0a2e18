/**
 * The seam between spanweave's API and an SDK behind it. Not part of the API: nothing here is
 * promised to stay, and application code never uses it.
 */
package io.spanweave.api.internal;
