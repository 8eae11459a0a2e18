// spring-boot3-app: on Spring Boot 3.5 the starter records through the application's own
// OpenTelemetry (its LoggingSpanExporter prints the span) and writes no traces.jsonl of its own.
import java.util.concurrent.TimeUnit

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') : 'expected BUILD SUCCESS'
def jar = new File(basedir, 'target/spring-boot3-app-1.0.jar')
assert jar.isFile() : 'repackaged jar missing'

def java = new File(System.getProperty('java.home'), 'bin/java').path
def command = [java, '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', jar.path]
def process = new ProcessBuilder(command).directory(basedir).redirectErrorStream(true)
    .redirectOutput(new File(basedir, 'run.log')).start()
boolean exited = process.waitFor(120, TimeUnit.SECONDS)
def output = new File(basedir, 'run.log').text
if (!exited) {
  process.destroyForcibly()
}
assert exited : 'the application did not exit by itself within 120 s; its output:\n' + output
assert process.exitValue() == 0 : 'exit code ' + process.exitValue() + '; output:\n' + output
assert output.contains('sample-0 ranked 1') : 'the runner did not run; output:\n' + output
def exported = output.readLines().find { it.contains("'Ranker.rank'") }
assert exported != null : 'the application\'s exporter printed no Ranker.rank span; output:\n' + output
assert exported.contains('spanweave.stage=rank') || exported.contains('spanweave.stage="rank"') : 'no stage attribute in: ' + exported
assert !new File(basedir, 'target/trace').exists() : 'spanweave wrote files of its own beside the application\'s OpenTelemetry'
return true
