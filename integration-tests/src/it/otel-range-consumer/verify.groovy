// otel-range-consumer: the same consumer passed its test against the oldest and the newest
// OpenTelemetry release, and spanweave-runtime brought at most 12 third-party jars with either.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') : 'expected BUILD SUCCESS'
def reports = new File(basedir, 'otel-range')
[otelOldestVersion, otelNewestVersion].each { version ->
  def roundTrip = new File(reports, "round-trip-${version}.txt")
  assert roundTrip.isFile() : "the round-trip test did not pass against OpenTelemetry ${version}"
  assert roundTrip.text.contains("telemetry.sdk.version=${version}") : roundTrip.text

  // dependency:list lines: "   group:artifact:jar:version:scope" (a module name may follow)
  def jars = new File(reports, "runtime-jars-${version}.txt").readLines()
      .collect { it.trim() }
      .findAll { it ==~ /[\w.\-]+:[\w.\-]+:jar:.*/ }
      .collect { it.split(' ')[0] }
  def thirdParty = jars.findAll { !it.startsWith('io.spanweave:') && !it.startsWith('org.junit') && !it.startsWith('org.opentest4j:') && !it.startsWith('org.apiguardian:') && !it.startsWith('org.jspecify:') }
  println "OpenTelemetry ${version}: ${thirdParty.size()} third-party jars through spanweave-runtime:"
  thirdParty.each { println "  ${it}" }
  assert thirdParty.size() <= 12 : "spanweave-runtime brings ${thirdParty.size()} third-party jars (at most 12): ${thirdParty}"
  assert !thirdParty.any { it =~ /protobuf|okhttp|kotlin|zipkin|exporter-otlp|okio/ } : "not light: ${thirdParty}"
  assert thirdParty.any { it.startsWith("io.opentelemetry:opentelemetry-sdk:jar:${version}") } : "OpenTelemetry ${version} was not used: ${thirdParty}"
}
return true
