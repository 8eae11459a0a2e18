// bad-span-name-cardinality: the build must fail on rule span-name-cardinality, at src/main/java/com/acme/Loop.java line 9.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE') : 'expected BUILD FAILURE'
def finding = log.readLines().find { it.contains('[spanweave:span-name-cardinality]') }
assert finding != null : 'expected a [spanweave:span-name-cardinality] error in build.log'
assert finding.contains('[ERROR]') : 'expected an error, got: ' + finding
assert finding.replace('\\', '/').contains('src/main/java/com/acme/Loop.java:[9,') : 'expected src/main/java/com/acme/Loop.java:[9,col] in: ' + finding
return true
