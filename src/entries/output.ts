// `faultline/output`: the output formats (text, json, github, sarif, rdjsonl, gitlab, unix, checkstyle) and trace views.
export * from '../output/index.js';
