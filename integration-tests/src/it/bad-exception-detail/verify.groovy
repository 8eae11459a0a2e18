// bad-exception-detail: the build must fail on rule exception-detail, at src/main/java/com/acme/Step.java line 10.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE') : 'expected BUILD FAILURE'
def finding = log.readLines().find { it.contains('[spanweave:exception-detail]') }
assert finding != null : 'expected a [spanweave:exception-detail] error in build.log'
assert finding.contains('[ERROR]') : 'expected an error, got: ' + finding
assert finding.replace('\\', '/').contains('src/main/java/com/acme/Step.java:[10,') : 'expected src/main/java/com/acme/Step.java:[10,col] in: ' + finding
return true
