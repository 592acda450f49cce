// Imported first by every timed bench: the processes they time start without NODE_EXTRA_CA_CERTS. Node reads that
// file before any script runs, whether or not the script ever opens a TLS connection (faultline never does); this
// machine sets it to the whole system bundle (144 certificates), and parsing them was ~40 ms of CPU in every Node
// start: `node -e 0` 0.05 s user+sys with it, 0.01 s without (medians of 9; the empty-log CLI 0.06 → 0.03 s, a
// 1 MB tsc log 0.32 → 0.28 s). errorformat and ripgrep never pay it, so a same-run ratio against them counted this
// machine's set-up as faultline's. A `node -e 0` ratio is affected as well: the constant hid part of the CLI's start.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const file = process.env.NODE_EXTRA_CA_CERTS;
if (file !== undefined) {
  delete process.env.NODE_EXTRA_CA_CERTS;
  let count = '?';
  try {
    count = String(readFileSync(file, 'latin1').split('-----BEGIN CERTIFICATE-----').length - 1);
  } catch {
    // the note says what was unset all the same
  }
  // The constant itself, printed so that a reader can add it back: wall medians of interleaved `node -e 0` starts.
  const start = (env) => {
    const began = process.hrtime.bigint();
    spawnSync(process.execPath, ['-e', '0'], { env });
    return Number(process.hrtime.bigint() - began) / 1e6;
  };
  const withFile = [];
  const without = [];
  for (let run = 0; run < 7; run++) {
    withFile.push(start({ ...process.env, NODE_EXTRA_CA_CERTS: file }));
    without.push(start(process.env));
  }
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1].toFixed(0);
  console.log(
    `(NODE_EXTRA_CA_CERTS=${file}, ${count} certificates, unset for the timed processes: bench/plain-node.mjs; ` +
      `node -e 0 takes ${median(withFile)} ms with it, ${median(without)} ms without)`,
  );
}
