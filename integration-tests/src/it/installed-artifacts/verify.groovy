// installed-artifacts: for every published module the local repository holds the jar with an
// Automatic-Module-Name, its -sources.jar and -javadoc.jar (with the overview page) and a POM with
// full metadata; the BOM lists them all without inheriting anything; the viewer's exec jar runs.
import java.util.jar.JarFile

def version = projectVersion
def repo = new File(localRepositoryPath, 'io/spanweave')
def published = [
    'spanweave-annotations': 'io.spanweave.annotations',
    'spanweave-conventions': 'io.spanweave.conventions',
    'spanweave-run-files'  : 'io.spanweave.runfiles',
    'spanweave-api'        : 'io.spanweave.api',
    'spanweave-testing'    : 'io.spanweave.testing',
    'spanweave-lint'       : 'io.spanweave.lint',
    'spanweave-runtime'    : 'io.spanweave.runtime',
    'spanweave-otlp'       : 'io.spanweave.otlp',
    'spanweave-zipkin'     : 'io.spanweave.zipkin',
    'spanweave-processor'  : 'io.spanweave.processor',
    'spanweave-rollout'    : 'io.spanweave.rollout',
    'spanweave-viewer'     : 'io.spanweave.viewer',
    'spanweave-spring-boot-starter': 'io.spanweave.spring',
    'spanweave-reactor'    : 'io.spanweave.reactor',
    'spanweave-genai'      : 'io.spanweave.genai',
    'spanweave-langchain4j': 'io.spanweave.langchain4j',
    'spanweave-openai'     : 'io.spanweave.openai',
]
def javaModuleName = ~/[a-zA-Z_][a-zA-Z0-9_]*(\.[a-zA-Z_][a-zA-Z0-9_]*)*/

published.each { artifactId, moduleName ->
    def dir = new File(repo, "${artifactId}/${version}")
    def jar = new File(dir, "${artifactId}-${version}.jar")
    assert jar.isFile() : "not installed: ${jar}"
    new JarFile(jar).withCloseable { j ->
        def name = j.manifest.mainAttributes.getValue('Automatic-Module-Name')
        assert name == moduleName : "${artifactId}: Automatic-Module-Name is ${name}, expected ${moduleName}"
        assert name ==~ javaModuleName
        // Reproducible: entries carry the fixed project.build.outputTimestamp, not the build time.
        def stamp = j.entries().toList().find { !it.directory }.lastModifiedTime.toInstant().toString()
        assert stamp.startsWith('2026-12-01') : "${artifactId}: entry time ${stamp} is not the outputTimestamp"
    }
    def sources = new File(dir, "${artifactId}-${version}-sources.jar")
    assert sources.isFile() : "not installed: ${sources}"
    new JarFile(sources).withCloseable { j ->
        assert j.entries().toList().any { it.name.endsWith('.java') } : "${sources} has no .java file"
    }
    def javadoc = new File(dir, "${artifactId}-${version}-javadoc.jar")
    assert javadoc.isFile() : "not installed: ${javadoc}"
    new JarFile(javadoc).withCloseable { j ->
        def overview = j.getEntry('index.html')  // javadoc writes the overview page as index.html
        assert overview != null : "${javadoc} has no overview page"
        def text = j.getInputStream(overview).text
        assert text.contains('TracedGenerator.wrap') : "${javadoc}: the overview lacks the README's quick start"
    }
    def pom = new groovy.xml.XmlSlurper().parse(new File(dir, "${artifactId}-${version}.pom"))
    assert pom.name.text() && pom.description.text() : "${artifactId}: POM without name or description"
}

// Metadata is inherited from the parent POM, which is installed too.
def parent = new groovy.xml.XmlSlurper().parse(new File(repo, "spanweave-parent/${version}/spanweave-parent-${version}.pom"))
assert parent.url.text() == 'https://github.com/spanweave/spanweave'
assert parent.licenses.license.name.text() == 'Apache-2.0'
assert parent.scm.connection.text().startsWith('scm:git:')
assert parent.developers.developer.size() > 0
assert parent.issueManagement.url.text().endsWith('/issues')

// The BOM: parent-less (nothing of the root's dependencyManagement leaks into importers), full
// metadata, every published module at this version.
def bom = new groovy.xml.XmlSlurper().parse(new File(repo, "spanweave-bom/${version}/spanweave-bom-${version}.pom"))
assert bom.parent.size() == 0 : 'the BOM must not have a parent'
assert bom.version.text() == version : "the BOM's version ${bom.version.text()} is not the build's ${version}"
assert bom.packaging.text() == 'pom'
assert bom.licenses.license.name.text() == 'Apache-2.0' && bom.scm.url.text() && bom.url.text()
def managed = bom.dependencyManagement.dependencies.dependency
assert managed.every { it.groupId.text() == 'io.spanweave' } : 'the BOM manages only spanweave artifacts'
def listed = managed.collect { it.artifactId.text() } as Set
assert listed.containsAll(published.keySet()) : "the BOM lacks ${published.keySet() - listed}"
assert managed.any { it.artifactId.text() == 'spanweave-viewer' && it.classifier.text() == 'exec' }

// The runnable viewer is an installed artifact of its own.
assert new File(repo, "spanweave-viewer/${version}/spanweave-viewer-${version}-exec.jar").isFile()
return true
