// bad-attribute-secret: the build must fail on rule attribute-secret, at src/main/java/com/acme/Client.java line 8.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE') : 'expected BUILD FAILURE'
def finding = log.readLines().find { it.contains('[spanweave:attribute-secret]') }
assert finding != null : 'expected a [spanweave:attribute-secret] error in build.log'
assert finding.contains('[ERROR]') : 'expected an error, got: ' + finding
assert finding.replace('\\', '/').contains('src/main/java/com/acme/Client.java:[8,') : 'expected src/main/java/com/acme/Client.java:[8,col] in: ' + finding
return true
