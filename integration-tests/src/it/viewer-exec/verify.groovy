// viewer-exec: the runnable viewer copied out of the repository starts with java -jar and passes
// its own --smoke check (no service running, a free loopback port, the bundled trace).
def jar = new File(basedir, "target/viewer/spanweave-viewer-${projectVersion}-exec.jar")
assert jar.isFile() : "dependency:copy did not fetch ${jar}"
def java = new File(System.getProperty('java.home'), 'bin/java').path
def proc = new ProcessBuilder(java, '-jar', jar.path, '--smoke').redirectErrorStream(true).start()
def out = proc.inputStream.text
assert proc.waitFor() == 0 : "java -jar ${jar.name} --smoke failed:\n${out}"
assert out.contains('spanweave smoke: ok') : out
assert out.contains('read 3 spans') : out
return true
