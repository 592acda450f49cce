// Imported first by every timed bench: the processes they time start without NODE_EXTRA_CA_CERTS. Node reads that
// file before any script runs, whether or not the script ever opens a TLS connection (faultline never does); this
// machine sets it to the whole system bundle (144 certificates), and parsing them was ~40 ms of CPU in every Node
// start: `node -e 0` 0.05 s user+sys with it, 0.01 s without (medians of 9; the empty-log CLI 0.06 → 0.03 s, a
// 1 MB tsc log 0.32 → 0.28 s). errorformat and ripgrep never pay it, so a same-run ratio against them counted this
// machine's set-up as faultline's. A `node -e 0` ratio is affected as well: the constant hid part of the CLI's start.
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
  console.log(`(NODE_EXTRA_CA_CERTS=${file}, ${count} certificates, unset for the timed processes: bench/plain-node.mjs)`);
}
