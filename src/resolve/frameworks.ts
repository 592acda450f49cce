// Test runners and frameworks whose frames sit between the user's code and the runtime in a trace (issue 20):
// JUnit calling a test, surefire calling JUnit, pytest's hooks calling a test function. When such a frame is no
// workspace file it is a dependency of the project, like the JDK's frames: dropped as vendored, so it never
// counts towards the "N places were not found in the workspace" hint. A project that is itself one of these
// frameworks finds its own files first, since this is asked only after a path failed to resolve.

// JVM packages of test runners, assertion libraries and the frameworks that run user code (dot-separated
// prefixes, a whole segment each).
const JVM_FRAMEWORK_PACKAGES = [
  'junit', // JUnit 3/4 (junit.framework, junit.runner)
  'org.junit', // JUnit 4 and 5 (Jupiter, Platform, Vintage)
  'org.opentest4j',
  'org.testng',
  'org.apache.maven.surefire',
  'org.apache.maven.plugin.surefire',
  'org.gradle', // Gradle's test executors and workers
  'org.hamcrest',
  'org.assertj',
  'org.mockito',
  'org.spockframework',
  'org.scalatest',
  'io.kotest',
  'kotlin', // the Kotlin standard library and kotlin.test
  'kotlinx.coroutines',
  'scala', // the Scala standard library
  'org.springframework',
  'org.apache.catalina',
  'org.eclipse.jetty',
  'io.netty',
  // Build tools and CI servers that compile or run the user's scripts: Groovy's compiler under a Jenkinsfile or a
  // Gradle script, Jenkins itself, Maven's plugin runner.
  'groovy',
  'org.codehaus.groovy',
  'org.apache.groovy',
  'org.jenkinsci.plugins',
  'hudson',
  'jenkins',
  'org.apache.maven',
];

/** True for a JVM package (`org.junit.jupiter.api`) of a test runner or framework. */
export function isFrameworkPackage(packageName: string): boolean {
  return JVM_FRAMEWORK_PACKAGES.some((prefix) => packageName === prefix || packageName.startsWith(`${prefix}.`));
}

// Printed paths of test runners' own modules when no installation folder gave them away (a relative path
// from a CI machine's virtualenv): pytest's `_pytest/` and its plugin manager `pluggy/`.
const FRAMEWORK_PATH = /(^|\/)(_pytest|pluggy)\/[\w/.-]+\.py$/;

/** True for a printed path (posix or Windows) inside a test runner's own modules. */
export function isFrameworkPath(printed: string): boolean {
  return FRAMEWORK_PATH.test(printed.replace(/\\/g, '/'));
}
