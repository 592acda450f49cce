// `faultline/locate`: the locate pipeline and fixture suites (synchronous helpers included).
export * from '../locate/index.js';
export { checkFixtures, findFixtureCases, type CheckFixturesOptions, type FixtureOutcome } from '../locate/fixtures.js';
