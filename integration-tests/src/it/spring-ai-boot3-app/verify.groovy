// spring-ai-boot3-app: on Spring Boot 3.5 with Spring AI 1.1, each chat model call (plain and
// streamed) is a GenAI client span under the traced stage that made it, with model and tokens, in
// the run's traces.jsonl; the prompt's secret reached the model but is in none of the run's files.
import groovy.json.JsonSlurper
import java.util.concurrent.TimeUnit

def promptSecret = 'sk-proj-Bq7nM2vC9xZ4lK8jH3gF6dS1aP0oI5uY'  // AssistantApplication.PROMPT_SECRET
def answer = 'an-answer-only-the-model-gives-2718'            // AssistantApplication.ANSWER

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') : 'expected BUILD SUCCESS'
def jar = new File(basedir, 'target/spring-ai-boot3-app-1.0.jar')
assert jar.isFile() : 'repackaged jar missing'

def java = new File(System.getProperty('java.home'), 'bin/java').path
def command = [java, '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', jar.path]
def process = new ProcessBuilder(command).directory(basedir).redirectErrorStream(true)
    .redirectOutput(new File(basedir, 'run.log')).start()
boolean exited = process.waitFor(180, TimeUnit.SECONDS)
def output = new File(basedir, 'run.log').text
if (!exited) {
  process.destroyForcibly()
}
assert exited : 'the application did not exit by itself within 180 s; its output:\n' + output
assert process.exitValue() == 0 : 'exit code ' + process.exitValue() + '; output:\n' + output
assert output.contains('plain answer received: true') : 'no plain answer; output:\n' + output
assert output.contains('streamed answer received: true') : 'no streamed answer; output:\n' + output
assert output.contains('requests with the secret: 2') : 'the secret did not reach the model twice; output:\n' + output

def runDir = new File(basedir, 'target/trace/spring-ai-run')
def traces = new File(runDir, 'traces/traces.jsonl')
assert traces.isFile() : 'no traces.jsonl; output:\n' + output
def spans = []
traces.eachLine { line ->
  if (line.trim()) {
    new JsonSlurper().parseText(line).resourceSpans.each { rs -> rs.scopeSpans.each { ss -> spans.addAll(ss.spans) } }
  }
}
def attr = { span, key -> span.attributes.find { it.key == key }?.value }
def stage = { name ->
  def found = spans.findAll { attr(it, 'spanweave.stage')?.stringValue == name }
  assert found.size() == 1 : "expected one span of stage ${name}, found ${spans*.name}"
  found[0]
}
def calls = spans.findAll { it.name == 'chat gpt-4o-mini' }
assert calls.size() == 2 : "expected two chat spans, found ${spans*.name}"
[['answer', 14, 5], ['answer_streamed', 16, 6]].each { stageName, input, outputTokens ->
  def parent = stage(stageName)
  def call = calls.find { it.parentSpanId == parent.spanId }
  assert call != null : "no chat span under ${stageName}: ${spans*.name}"
  assert call.kind == 3 : "not a CLIENT span: ${call.kind}"
  assert attr(call, 'gen_ai.operation.name')?.stringValue == 'chat'
  assert attr(call, 'gen_ai.provider.name')?.stringValue == 'openai'
  assert attr(call, 'gen_ai.request.model')?.stringValue == 'gpt-4o-mini'
  assert attr(call, 'gen_ai.request.temperature')?.doubleValue == 0.3
  assert attr(call, 'gen_ai.usage.input_tokens')?.intValue as long == input : "input tokens of ${stageName}: ${call.attributes}"
  assert attr(call, 'gen_ai.usage.output_tokens')?.intValue as long == outputTokens : "output tokens of ${stageName}: ${call.attributes}"
  assert attr(call, 'gen_ai.response.finish_reasons')?.arrayValue?.values*.stringValue == ['stop']
}
assert attr(calls.find { it.parentSpanId == stage('answer').spanId }, 'gen_ai.response.model')?.stringValue == 'gpt-4o-mini-2024-07-18'

runDir.eachFileRecurse(groovy.io.FileType.FILES) { file ->
  def text = file.getText('ISO-8859-1')
  assert !text.contains(promptSecret) : "the prompt's secret is in ${file}"
  assert !text.contains(answer) : "the completion is in ${file}"
  assert !text.contains('My key is') : "the prompt is in ${file}"
}
return true
