/**
 * Which spans answer a request: the in-memory index of the newest spans, the spans of some
 * segments loaded on demand (a step, a trace, a sample the newest spans do not hold), or the run's
 * summaries (every step at once). When the whole run fits in memory everything is answered from
 * the in-memory index, exactly as for a small file.
 */
package io.spanweave.viewer.views;
