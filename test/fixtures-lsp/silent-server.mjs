// A real process that reads stdin and never answers anything.
process.stdin.on('data', () => {});
process.stdin.resume();
setInterval(() => {}, 1 << 30);
