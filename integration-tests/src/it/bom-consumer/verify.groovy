// bom-consumer: with only the BOM's version, the runtime resolves and the processor (from
// dependencyManagement) writes the delegate.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') : 'expected BUILD SUCCESS'
assert new File(basedir, 'target/classes/com/acme/demo/TracedGenerator.class').isFile() : 'delegate not generated'
return true
