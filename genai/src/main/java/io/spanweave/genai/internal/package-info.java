/** How the GenAI spans start. Not part of spanweave's API: nothing here is promised to stay. */
package io.spanweave.genai.internal;
