// `faultline/capture`: running commands into artifacts, previews, paging and search, run history.
export * from '../capture/index.js';
