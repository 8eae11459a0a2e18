// bad-base-package-import: the build must fail on rule base-package-import, at src/main/java/com/acme/trace/TraceSetup.java line 3.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE') : 'expected BUILD FAILURE'
def finding = log.readLines().find { it.contains('[spanweave:base-package-import]') }
assert finding != null : 'expected a [spanweave:base-package-import] error in build.log'
assert finding.contains('[ERROR]') : 'expected an error, got: ' + finding
assert finding.replace('\\', '/').contains('src/main/java/com/acme/trace/TraceSetup.java:[3,') : 'expected src/main/java/com/acme/trace/TraceSetup.java:[3,col] in: ' + finding
return true
