/**
 * Test only, loaded into a server process with `--import`: after the process receives SIGUSR2, the next
 * call into PGlite never returns and holds the main thread, as PGlite spinning in XLogFlush on a full
 * disk did (which cannot be brought about at will). Says 'database hang armed' on stderr once armed.
 */
import { writeSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

let armed = false;
process.on('SIGUSR2', () => {
  armed = true;
  writeSync(2, 'database hang armed\n');
});

const call = PGlite.prototype.execProtocolRawSync;
PGlite.prototype.execProtocolRawSync = function (this: PGlite, message: Uint8Array) {
  // Waits on a value nobody changes: the thread is blocked for good.
  if (armed) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  return call.call(this, message);
};
