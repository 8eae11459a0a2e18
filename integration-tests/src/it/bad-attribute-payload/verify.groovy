// bad-attribute-payload: the build must fail on rule attribute-payload, at src/main/java/com/acme/Worker.java line 9.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE') : 'expected BUILD FAILURE'
def finding = log.readLines().find { it.contains('[spanweave:attribute-payload]') }
assert finding != null : 'expected a [spanweave:attribute-payload] error in build.log'
assert finding.contains('[ERROR]') : 'expected an error, got: ' + finding
assert finding.replace('\\', '/').contains('src/main/java/com/acme/Worker.java:[9,') : 'expected src/main/java/com/acme/Worker.java:[9,col] in: ' + finding
return true
