// reactor-missing-module: the build fails at src/main/java/com/acme/Judge.java line 11 (the @Traced of
// the Mono method) and names the dependency to add.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE') : 'expected BUILD FAILURE'
def finding = log.readLines().find { it.contains('judge() returns a Mono') }
assert finding != null : 'expected the missing spanweave-reactor error in build.log'
assert finding.contains('[ERROR]') : 'expected an error, got: ' + finding
assert finding.replace('\\', '/').contains('src/main/java/com/acme/Judge.java:[11,') : 'expected Judge.java:[11,col] in: ' + finding
assert finding.contains('io.spanweave:spanweave-reactor') : finding
return true
