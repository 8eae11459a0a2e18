// bad-direct-sdk: the build must fail on rule direct-sdk, at src/main/java/com/acme/Telemetry.java line 4.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE') : 'expected BUILD FAILURE'
def finding = log.readLines().find { it.contains('[spanweave:direct-sdk]') }
assert finding != null : 'expected a [spanweave:direct-sdk] error in build.log'
assert finding.contains('[ERROR]') : 'expected an error, got: ' + finding
assert finding.replace('\\', '/').contains('src/main/java/com/acme/Telemetry.java:[4,') : 'expected src/main/java/com/acme/Telemetry.java:[4,col] in: ' + finding
return true
