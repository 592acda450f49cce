// `faultline/safety`: the verdict on a command line before it runs (tree-sitter parse of bash or PowerShell).
export * from '../safety/index.js';
