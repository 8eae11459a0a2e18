// reactor-consumer: with spanweave-reactor the build succeeds and the delegate of the Mono stage is generated.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') : 'expected BUILD SUCCESS'
assert new File(basedir, 'target/classes/com/acme/TracedJudge.class').isFile() : 'delegate not generated'
def source = new File(basedir, 'target/generated-sources/annotations/com/acme/TracedJudge.java').text
assert source.contains('return ReactiveStages.mono(JUDGE, () -> delegate.judge(sampleId),') : source
return true
