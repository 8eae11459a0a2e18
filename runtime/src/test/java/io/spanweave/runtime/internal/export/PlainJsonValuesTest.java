package io.spanweave.runtime.internal.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The raw writers of ids and 64-bit integers write what Jackson's escaping path would. */
class PlainJsonValuesTest {

  private final PlainJsonValues plain = new PlainJsonValues();

  private interface Write {
    void to(JsonGenerator json) throws IOException;
  }

  private static String json(Write write) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator json = new JsonFactory().createGenerator(out)) {
      json.writeStartArray();
      write.to(json);
      json.writeEndArray();
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void integersAreTheirDecimalStringsWhateverCameBefore() throws IOException {
    // Times of one second share the cached digits of the seconds; any value after any other is
    // exact.
    long[] values = {
      0,
      7,
      -1,
      999_999_999,
      1_000_000_000,
      1_000_000_001,
      1_764_401_709_409_337_000L,
      1_764_401_709_000_000_005L,
      1_764_401_709_999_999_999L,
      1_764_401_710_000_000_000L,
      1_764_401_709_409_337_000L,
      Long.MAX_VALUE,
      Long.MIN_VALUE,
      42,
      1_000_000_000_000_000_000L
    };
    for (long value : values) {
      assertThat(json(json -> plain.writeDecimalString(json, value)))
          .isEqualTo("[\"" + value + "\"]");
    }
  }

  @Test
  void idsAreCopiedAndAnythingButLowercaseHexIsEscapedByJackson() throws IOException {
    assertThat(json(json -> plain.writeHexId(json, "0af7651916cd43dd8448eb211c80319c")))
        .isEqualTo("[\"0af7651916cd43dd8448eb211c80319c\"]");
    assertThat(json(json -> plain.writeHexId(json, "b7ad6b7169203331")))
        .isEqualTo("[\"b7ad6b7169203331\"]");
    assertThat(json(json -> plain.writeHexId(json, "a\"b\\c\n"))).isEqualTo("[\"a\\\"b\\\\c\\n\"]");
    assertThat(json(json -> plain.writeHexId(json, "\u00e9\u0130")))
        .isEqualTo("[\"\u00e9\u0130\"]");
  }
}
