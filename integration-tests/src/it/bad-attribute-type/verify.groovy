// bad-attribute-type: the build must fail on rule attribute-type, at src/main/java/com/acme/Judge.java line 11.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE') : 'expected BUILD FAILURE'
def finding = log.readLines().find { it.contains('[spanweave:attribute-type]') }
assert finding != null : 'expected a [spanweave:attribute-type] error in build.log'
assert finding.contains('[ERROR]') : 'expected an error, got: ' + finding
assert finding.replace('\\', '/').contains('src/main/java/com/acme/Judge.java:[11,') : 'expected src/main/java/com/acme/Judge.java:[11,col] in: ' + finding
return true
