// sdk-setup-consumer: an application's own OpenTelemetrySdk set-up compiles with the processor and its rules.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') : 'expected BUILD SUCCESS'
assert !log.contains('[spanweave:') : 'no lint finding expected in SDK set-up code'
assert new File(basedir, 'target/classes/com/acme/config/TelemetryConfiguration.class').isFile() : 'not compiled'
return true
