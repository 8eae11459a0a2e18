package io.spanweave.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How a docs block is recognised as a complete example ({@link DocBlocks}). */
class DocBlocksTest {

  @Test
  void aTypeWithItsImportsOrItsPackageIsCompleteAnythingElseIsPartial() {
    List<DocBlocks.Block> blocks =
        DocBlocks.of(
            String.join(
                "\n",
                "# Page",
                "```java",
                "import java.util.Map;",
                "class A { Map<String, String> m; }",
                "```",
                "## Bad",
                "```java",
                "package com.acme;",
                "public interface B {}",
                "```",
                "```java",
                "public interface C { @Traced String run(); }",
                "```",
                "```java",
                "try (TraceScope s = Trace.span(\"x\")) { }",
                "```",
                "```java",
                "import io.spanweave.api.Trace;",
                "```",
                "```text",
                "public class NotJava {}",
                "```",
                ""));

    assertThat(blocks)
        .extracting(DocBlocks.Block::complete)
        .containsExactly(true, true, false, false, false);
    assertThat(blocks)
        .extracting(DocBlocks.Block::section)
        .containsExactly("Page", "Bad", "Bad", "Bad", "Bad");
    assertThat(blocks).extracting(DocBlocks.Block::line).containsExactly(3, 8, 12, 15, 18);
    assertThat(blocks.get(1).declaresPackage()).isTrue();
    assertThat(blocks.get(0).declaresPackage()).isFalse();
  }
}
