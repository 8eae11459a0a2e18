// spring-boot-app: the repackaged jar runs with java -jar, exits by itself (no close() in the
// application, no System.exit), and its stages are in the run's traces.jsonl, the reactive one too.
import java.util.concurrent.TimeUnit

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') : 'expected BUILD SUCCESS'
def jar = new File(basedir, 'target/spring-boot-app-1.0.jar')
assert jar.isFile() : 'repackaged jar missing'
assert new File(basedir, 'target/classes/com/acme/scoring/TracedGenerator.class').isFile() : 'delegate not generated'
assert new File(basedir, 'target/classes/com/acme/scoring/TracedReviewer.class').isFile() : 'reactive delegate not generated'

def java = new File(System.getProperty('java.home'), 'bin/java').path
def command = [java, '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', jar.path, '--spanweave.run-id=it-run']
def process = new ProcessBuilder(command).directory(basedir).redirectErrorStream(true)
    .redirectOutput(new File(basedir, 'run.log')).start()
boolean exited = process.waitFor(120, TimeUnit.SECONDS)
def output = new File(basedir, 'run.log').text
if (!exited) {
  process.destroyForcibly()
}
assert exited : 'the application did not exit by itself within 120 s; its output:\n' + output
assert process.exitValue() == 0 : 'exit code ' + process.exitValue() + '; output:\n' + output
assert output.contains('sample-2 scored') : 'the runner did not run; output:\n' + output

def traces = new File(basedir, 'target/trace/it-run/traces/traces.jsonl')
assert traces.isFile() : 'no traces.jsonl; output:\n' + output
def text = traces.text
assert text.contains('"Generator.generate"') : 'no generate span in ' + traces
assert text.contains('"Judge.judge"') : 'no judge span in ' + traces
assert text.contains('sample-2') : 'the last sample is missing from ' + traces
assert text.contains('scoring-app') : 'service.name is not spring.application.name'
assert (text =~ /"name":"Generator\.generate"/).count == 3 : 'expected 3 generate spans in ' + traces
assert (text =~ /"name":"Judge\.judge"/).count == 3 : 'expected 3 judge spans in ' + traces
assert (text =~ /"name":"Reviewer\.review"/).count == 3 : 'expected 3 review spans (Mono) in ' + traces
assert output.contains('sample-2 scored 1.0, reviewed 1.0') : 'the reactive stage did not run; output:\n' + output
return true
