package io.spanweave.viewer.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.viewer.bench.SyntheticTraceFile;
import io.spanweave.viewer.index.OtlpLineParser;
import io.spanweave.viewer.index.SpanIds;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.ingest.LiveSpans;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Search through the inverted index finds, for any term, exactly the traces that testing every span
 * (the way search worked before the index) finds: ids, names, attribute values, parts of them,
 * upper case, span ids, and terms found nowhere.
 */
class SearchIndexTest {
  @Test
  void theInvertedIndexFindsWhatAScanOfEverySpanFinds() throws Exception {
    SpanIndex index = new SpanIndex();
    StringWriter w = new StringWriter();
    new SyntheticTraceFile(11, "run-a").write(w, 20_000);
    String[] lines = w.toString().split("\n");
    // Newest block first, as the viewer reads a file it opens, and one span line twice.
    OtlpLineParser parser = new OtlpLineParser();
    for (int end = lines.length; end > 0; end -= 700) {
      int start = Math.max(0, end - 700);
      byte[] block =
          (String.join("\n", java.util.Arrays.asList(lines).subList(start, end)) + "\n")
              .getBytes(StandardCharsets.UTF_8);
      index.addAll(parser.parseBlock(block, block.length, 0, start, new int[1]));
    }
    byte[] again = (lines[5] + "\n").getBytes(StandardCharsets.UTF_8);
    index.addAll(parser.parseBlock(again, again.length, 0, 0, new int[1]));
    assertThat(index.spanCount()).isEqualTo(20_000);

    TraceQueries queries = new TraceQueries(index, new LiveSpans());
    Set<String> terms =
        new LinkedHashSet<>(
            List.of(
                "judger",
                "timeouterror",
                "web_search",
                "s17-g3",
                "tool-use",
                "env",
                "e",
                "-",
                ".",
                " ",
                "rollout.step",
                "no-such-term",
                "python",
                "0.7",
                "node-07",
                "xtuner-rollout",
                "run-a",
                "sess-",
                "single_turn_agent_loop.run -> judger.run"));
    Random random = new Random(3);
    for (int k = 0; k < 300; k++) {
      int id = random.nextInt(index.strings().size());
      String s = index.strings().get(id).toLowerCase(Locale.ROOT);
      int from = random.nextInt(s.length());
      terms.add(s.substring(from, Math.min(s.length(), from + 1 + random.nextInt(12))));
    }
    for (int k = 0; k < 20; k++) {
      int i = random.nextInt(index.spanCount());
      terms.add(SpanIds.spanIdToHex(index.spanId(i)));
      String trace = index.traceHex(index.traceOf(i));
      terms.add(trace);
      terms.add(trace.substring(3, 11));
    }
    int found = 0;
    for (String term : terms) {
      BitSet byIndex = queries.tracesContaining(term);
      BitSet byScan = scan(index, term);
      assertThat(byIndex).as(term).isEqualTo(byScan);
      found += byScan.isEmpty() ? 0 : 1;
    }
    assertThat(found)
        .as(
            "most terms are found somewhere (the pool holds a few unsearchable strings: service, run)")
        .isGreaterThan(terms.size() / 2);
  }

  /**
   * Search as it was, and as plainly as it can be said: the strings that contain the term, then
   * every span's name, span id and searchable values, and every trace id.
   */
  private static BitSet scan(SpanIndex index, String term) {
    BitSet matching = new BitSet();
    for (int id = 0; id < index.strings().size(); id++) {
      if (index.strings().get(id).toLowerCase(Locale.ROOT).contains(term)) {
        matching.set(id);
      }
    }
    long spanIdTerm = SearchTerms.asSpanId(term);
    BitSet traces = new BitSet(index.traceCount());
    for (int t = 0; t < index.traceCount(); t++) {
      if (index.traceHex(t).contains(term)) {
        traces.set(t);
      }
    }
    for (int i = 0; i < index.spanCount(); i++) {
      if (matching.get(index.name(i))
          || (spanIdTerm != 0 && spanIdTerm == index.spanId(i))
          || index.anySearchValueIn(i, matching)) {
        traces.set(index.traceOf(i));
      }
    }
    return traces;
  }

  @Test
  void termsListIsUnchanged() {
    assertThat(new ArrayList<>(SearchTerms.split("  Judger  ENV ")))
        .containsExactly("judger", "env");
  }
}
