package io.spanweave.viewer.views;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * Windows loaded on demand, least recently used first out, holding at most {@code maxSpans} spans
 * together (the newest window is kept whatever its size). Two requests for the same window (the
 * page asks for a step's stages and samples at once) load it once.
 */
final class WindowCache {
  private final long maxSpans;
  private final Map<String, CompletableFuture<Window>> windows =
      new LinkedHashMap<>(16, 0.75f, true);
  private long loads;

  WindowCache(long maxSpans) {
    this.maxSpans = maxSpans;
  }

  Window get(String key, Supplier<Window> load) {
    CompletableFuture<Window> future;
    boolean mine = false;
    synchronized (this) {
      future = windows.get(key);
      if (future == null) {
        future = new CompletableFuture<>();
        windows.put(key, future);
        mine = true;
        loads++;
      }
    }
    if (mine) {
      try {
        future.complete(load.get());
      } catch (RuntimeException | Error e) {
        future.completeExceptionally(e);
        synchronized (this) {
          windows.remove(key);
        }
      }
      evict(key);
    }
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while loading spans", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  private void evict(String keep) {
    List<Window> evicted = new ArrayList<>();
    synchronized (this) {
      long total = 0;
      for (CompletableFuture<Window> f : windows.values()) {
        total += spans(f);
      }
      Iterator<Map.Entry<String, CompletableFuture<Window>>> it = windows.entrySet().iterator();
      while (total > maxSpans && it.hasNext()) {
        Map.Entry<String, CompletableFuture<Window>> e = it.next();
        if (e.getKey().equals(keep) || !e.getValue().isDone()) {
          continue;
        }
        total -= spans(e.getValue());
        evicted.add(e.getValue().getNow(null));
        it.remove();
      }
    }
    for (Window w : evicted) {
      if (w != null) {
        w.close();
      }
    }
  }

  private static long spans(CompletableFuture<Window> f) {
    Window w = f.isDone() && !f.isCompletedExceptionally() ? f.getNow(null) : null;
    return w == null ? 0 : w.spanCount();
  }

  /** Windows held now and loads so far, for the status. */
  synchronized int size() {
    return windows.size();
  }

  synchronized long loads() {
    return loads;
  }

  synchronized long spans() {
    long total = 0;
    for (CompletableFuture<Window> f : windows.values()) {
      total += spans(f);
    }
    return total;
  }
}
