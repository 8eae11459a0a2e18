package io.spanweave.viewer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runfiles.internal.parts.GzipCodec;
import io.spanweave.runfiles.internal.parts.Part;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A step asked for before the first pass read its parts: which unread parts may hold it, from the
 * step each part starts with (steps follow the parts' sequence; a step may run over a boundary).
 */
class UnreadPartsTest {
  private static Part part(String run, int sequence) {
    return new Part(
        Path.of("/runs", run, "traces", String.format("traces-%06d.jsonl.gz", sequence)),
        sequence,
        GzipCodec.INSTANCE,
        "gz",
        null);
  }

  @Test
  void thePartsWhoseStepsCanHoldTheStepAskedInEveryRun() {
    Part a1 = part("a", 1);
    Part a2 = part("a", 2);
    Part a3 = part("a", 3);
    Part a4 = part("a", 4);
    Part b7 = part("b", 7);
    Part b8 = part("b", 8);
    Map<Part, Integer> first = Map.of(a1, 0, a2, 5, a3, 9, a4, 9, b7, 3, b8, Integer.MIN_VALUE);
    List<Part> pending = List.of(a4, b8, a2, a1, b7, a3);
    assertThat(IngestLoop.partsHoldingStep(pending, first::get, 0)).containsExactly(a1);
    assertThat(IngestLoop.partsHoldingStep(pending, first::get, 4)).containsExactly(a1, b7);
    // Step 5 may have begun in part 1 and goes on in part 2.
    assertThat(IngestLoop.partsHoldingStep(pending, first::get, 5)).containsExactly(a1, a2, b7);
    // Part 3 starts with step 9 and part 4 too: step 9 is in parts 2 (maybe), 3 and 4.
    assertThat(IngestLoop.partsHoldingStep(pending, first::get, 9)).containsExactly(a2, a3, a4, b7);
    assertThat(IngestLoop.partsHoldingStep(pending, first::get, 12)).containsExactly(a4, b7);
  }

  @Test
  void anUnreadPartEndsWhereTheNextPartStartsEvenWhenThatOneWasReadAlready() {
    Part a1 = part("a", 1);
    Part a2 = part("a", 2);
    Part a3 = part("a", 3);
    Part live =
        new Part(Path.of("/runs", "a", "traces", "traces.jsonl"), Part.LIVE, null, "", null);
    Map<Part, Integer> first = Map.of(a1, 0, a2, 5, a3, 9, live, 12);
    List<Part> listed = List.of(a1, a2, a3, live);
    // The first pass read the part being written and part 3 (newest first); parts 1 and 2 are left.
    Set<Part> unread = Set.of(a1, a2);
    // The newest step is in what was read: no unread part is a candidate (it was one for every step
    // above 5 when only the unread parts were looked at, so the newest step was loaded again and
    // again).
    assertThat(IngestLoop.unreadPartsHoldingStep(listed, unread, first::get, 13)).isEmpty();
    assertThat(IngestLoop.unreadPartsHoldingStep(listed, unread, first::get, 10)).isEmpty();
    // Step 9 may have begun in part 2.
    assertThat(IngestLoop.unreadPartsHoldingStep(listed, unread, first::get, 9))
        .containsExactly(a2);
    assertThat(IngestLoop.unreadPartsHoldingStep(listed, unread, first::get, 5))
        .containsExactly(a1, a2);
    // Nothing read yet but the part being written: the newest closed part may hold the steps up to
    // its start.
    assertThat(IngestLoop.unreadPartsHoldingStep(listed, Set.of(a1, a2, a3), first::get, 12))
        .containsExactly(a3);
    assertThat(IngestLoop.unreadPartsHoldingStep(listed, Set.of(a1, a2, a3), first::get, 13))
        .isEmpty();
  }

  @Test
  void aLongRunsPartsAreSearchedNotReadOneByOne() {
    List<Part> parts = new java.util.ArrayList<>();
    for (int k = 1; k <= 1_254; k++) {
      parts.add(part("long", k));
    }
    // Eight steps a part: part k starts with step 8 (k - 1), and step 8 (k - 1) runs over from part
    // k - 1.
    java.util.concurrent.atomic.AtomicInteger linesRead =
        new java.util.concurrent.atomic.AtomicInteger();
    java.util.function.ToIntFunction<Part> first =
        p -> {
          linesRead.incrementAndGet();
          return (int) (8 * (p.sequence() - 1));
        };
    assertThat(IngestLoop.partsHoldingStep(parts, first, 5_000))
        .containsExactly(parts.get(624), parts.get(625));
    assertThat(IngestLoop.partsHoldingStep(parts, first, 5_003)).containsExactly(parts.get(625));
    assertThat(IngestLoop.partsHoldingStep(parts, first, 20_000)).containsExactly(parts.get(1_253));
    assertThat(IngestLoop.partsHoldingStep(parts, first, 0)).containsExactly(parts.get(0));
    assertThat(linesRead.get()).isLessThan(4 * 2 * 13);
  }
}
