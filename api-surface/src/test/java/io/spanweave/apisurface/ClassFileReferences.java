package io.spanweave.apisurface;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.BitSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The spanweave classes one class file names, read from its constant pool: class entries,
 * descriptors and generic signatures (what the class compiles against), not its string literals. A
 * small reader of the class-file format (JVMS 4.4), so that the check needs neither jdeps nor a
 * bytecode library.
 */
final class ClassFileReferences {

  /** A spanweave class's internal name inside a class entry, a descriptor or a signature. */
  private static final Pattern SPANWEAVE_CLASS = Pattern.compile("io/spanweave/[A-Za-z0-9_$/]+");

  /**
   * @param className this class, such as {@code io.spanweave.runtime.Tracing}
   * @param references the spanweave classes it names, such as {@code io.spanweave.api.Trace}
   *     (nested classes by their binary name, {@code Outer$Inner})
   */
  record Result(String className, Set<String> references) {}

  private ClassFileReferences() {}

  static Result read(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort(); // minor version
    in.readUnsignedShort(); // major version
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    int[] classNameIndex = new int[count];
    BitSet literals = new BitSet(count);
    for (int index = 1; index < count; index++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[index] = in.readUTF(); // the class file's modified UTF-8 is DataInput's
        case 7 -> classNameIndex[index] = in.readUnsignedShort();
        case 8 -> literals.set(in.readUnsignedShort()); // a String constant: text, not a reference
        case 16, 19, 20 -> in.readUnsignedShort(); // MethodType, Module, Package
        case 15 -> in.skipNBytes(3); // MethodHandle
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
        case 5, 6 -> {
          in.skipNBytes(8); // Long and Double take two entries
          index++;
        }
        default -> throw new IOException("unknown constant pool tag " + tag + " at entry " + index);
      }
    }
    in.readUnsignedShort(); // access flags
    String className = utf8[classNameIndex[in.readUnsignedShort()]].replace('/', '.');
    Set<String> references = new TreeSet<>();
    for (int index = 1; index < count; index++) {
      if (utf8[index] == null || literals.get(index)) {
        continue;
      }
      Matcher matcher = SPANWEAVE_CLASS.matcher(utf8[index]);
      while (matcher.find()) {
        references.add(matcher.group().replace('/', '.'));
      }
    }
    references.remove(className);
    return new Result(className, references);
  }

  /** The package of a class's binary name. */
  static String packageOf(String className) {
    int dot = className.lastIndexOf('.');
    return dot < 0 ? "" : className.substring(0, dot);
  }
}
