// `faultline/output`: the output formats (text, json, github, sarif, rdjsonl, gitlab).
export * from '../output/index.js';
