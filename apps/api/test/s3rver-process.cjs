// A throwaway S3-protocol server for the tests (s3rver, pure JavaScript, files in a temp folder):
// started in its own process by s3-server.ts, prints its port, stops when its parent goes.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const S3rver = require('s3rver');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-s3rver-'));
const buckets = (process.argv[2] || 'nns-test').split(',').map((name) => ({ name }));
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: buckets });
const stop = () => {
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('disconnect', stop);
server.run().then(
  (addr) => process.stdout.write(`PORT ${addr.port}\n`),
  (err) => {
    process.stderr.write(`${err.stack}\n`);
    process.exit(1);
  },
);
