// clean-consumer: the build succeeds, the delegate is generated, and no rule fires.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') : 'expected BUILD SUCCESS'
assert !log.contains('[spanweave:') : 'no lint finding expected in a clean project'
assert new File(basedir, 'target/classes/com/acme/rollout/TracedRolloutWorker.class').isFile() : 'delegate not generated'
return true
