package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The closed parts the first pass has listed but not read yet, and which of them may hold a step.
 * It is apart from {@link FirstPass} because it answers the HTTP threads (a step asked for while
 * the first pass still runs is loaded straight from its parts) while the first pass fills and
 * drains it on the ingest thread, so its lists are concurrent and it keeps nothing else of the
 * pass's state.
 */
final class UnreadParts {
  /** Closed parts listed by the first pass and not read yet, oldest sequence first per run. */
  private final List<Part> unread = new java.util.concurrent.CopyOnWriteArrayList<>();

  /** Every part the first pass listed, read or not: where each unread part's steps end. */
  private final List<Part> listedParts = new java.util.concurrent.CopyOnWriteArrayList<>();

  private final java.util.Map<Path, Integer> firstSteps =
      new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * The closed parts the first pass has not read yet that may hold spans of {@code step}, found by
   * the step of each part's first line (parts follow each other in step order): a step asked for
   * while the summaries are still being built is loaded straight from its parts.
   */
  List<Part> withStep(int step) {
    if (unread.isEmpty()) {
      return List.of();
    }
    return unreadPartsHoldingStep(
        new ArrayList<>(listedParts), Set.copyOf(unread), this::firstStep, step);
  }

  /**
   * Of the unread parts, those that may hold {@code step}, judged among every listed part: the part
   * after an unread one may have been read already (the first pass reads the newest first), and it
   * still ends the steps the unread one can hold.
   */
  static List<Part> unreadPartsHoldingStep(
      List<Part> listed,
      Set<Part> unread,
      java.util.function.ToIntFunction<Part> firstStep,
      int step) {
    List<Part> out = new ArrayList<>();
    for (Part part : partsHoldingStep(listed, firstStep, step)) {
      if (unread.contains(part)) {
        out.add(part);
      }
    }
    return out;
  }

  /**
   * Of some parts (of one or more runs), those that may hold {@code step}: a part whose first line
   * starts at or before the step, unless the run's next part starts after it too. A run's parts
   * follow each other in step order, so its candidates are found by binary search: about 2 log2(n)
   * first lines are read (a 100M-span run has 1,254 parts, and reading every part's first line made
   * the first step asked during the first pass take seconds). A part whose first step cannot be
   * told makes that run's parts be looked at one by one.
   */
  static List<Part> partsHoldingStep(
      List<Part> parts, java.util.function.ToIntFunction<Part> firstStep, int step) {
    List<Part> pending = new ArrayList<>(parts);
    pending.sort(
        java.util.Comparator.comparing((Part p) -> p.path().getParent())
            .thenComparingLong(Part::sequence));
    List<Part> out = new ArrayList<>();
    int from = 0;
    while (from < pending.size()) {
      Path folder = pending.get(from).path().getParent();
      int to = from + 1;
      while (to < pending.size() && pending.get(to).path().getParent().equals(folder)) {
        to++;
      }
      List<Part> run = pending.subList(from, to);
      if (!holdingInRun(run, firstStep, step, out)) {
        holdingOneByOne(run, firstStep, step, out);
      }
      from = to;
    }
    return out;
  }

  /** Binary search over one run's parts; false (nothing added) when a first step cannot be told. */
  private static boolean holdingInRun(
      List<Part> run, java.util.function.ToIntFunction<Part> firstStep, int step, List<Part> out) {
    int n = run.size();
    // last: the last part starting at or before the step; next: the first part starting at or after
    // it.
    int lo = 0;
    int hi = n;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      int first = firstStep.applyAsInt(run.get(mid));
      if (first == Integer.MIN_VALUE) {
        return false;
      }
      if (first <= step) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    int last = lo - 1;
    lo = 0;
    hi = n;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      int first = firstStep.applyAsInt(run.get(mid));
      if (first == Integer.MIN_VALUE) {
        return false;
      }
      if (first < step) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    int fromCandidate = Math.max(lo - 1, 0);
    for (int k = fromCandidate; k <= Math.min(last + 1, n - 1); k++) {
      if (firstStep.applyAsInt(run.get(k)) == Integer.MIN_VALUE) {
        return false;
      }
    }
    for (int k = fromCandidate; k <= last; k++) {
      out.add(run.get(k));
    }
    return true;
  }

  private static void holdingOneByOne(
      List<Part> run, java.util.function.ToIntFunction<Part> firstStep, int step, List<Part> out) {
    for (int k = 0; k < run.size(); k++) {
      int first = firstStep.applyAsInt(run.get(k));
      if (first == Integer.MIN_VALUE || first > step) {
        continue;
      }
      int nextFirst = k + 1 < run.size() ? firstStep.applyAsInt(run.get(k + 1)) : Integer.MAX_VALUE;
      if (nextFirst == Integer.MIN_VALUE || nextFirst >= step) {
        out.add(run.get(k));
      }
    }
  }

  /**
   * The lowest step on a part's first line ({@code Integer.MIN_VALUE} when it cannot be told),
   * cached.
   */
  private int firstStep(Part part) {
    return firstSteps.computeIfAbsent(
        part.path(),
        path -> {
          try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            return FirstLine.step(channel, part.codec());
          } catch (IOException | RuntimeException unreadable) {
            return Integer.MIN_VALUE;
          }
        });
  }

  /** The first pass listed a closed part: it is unread, and askable from now on. */
  void listedClosed(Part part) {
    unread.add(part);
    listedParts.add(part);
  }

  /**
   * The first pass listed a part being written: it ends the steps the closed part before it holds.
   */
  void listedLive(Part part) {
    listedParts.add(part);
  }

  /** The first pass read a closed part. */
  void read(Part part) {
    unread.remove(part);
  }
}
