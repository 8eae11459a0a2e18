// testing-consumer: its own span tests pass on JUnit 6 with parallel execution, and no lint rule
// (direct-sdk in particular) fires on test sources that use spanweave-testing.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') : 'expected BUILD SUCCESS'
assert !log.contains('[spanweave:') : 'no lint finding expected'
assert log.contains('Tests run: 7, Failures: 0, Errors: 0, Skipped: 0') : 'expected the 7 tests to run and pass'
def report = new File(basedir, 'target/surefire-reports/TEST-com.acme.judge.JudgeTest.xml').text
assert report.contains('junit-jupiter-api-6.1.3.jar') : 'expected the tests to run on JUnit 6.1.3'
assert new File(basedir, 'target/test-classes/junit-platform.properties').isFile() : 'parallel settings not on the test class path'
assert !new File(basedir, 'work_dirs').exists() : 'in-memory recording must write no trace files'
return true
