// One autocannon run in its own process, so the load generator shares neither the server's event
// loop nor its memory. Reads { base, paths, method?, headers?, body?, duration, connections } as JSON
// on stdin; several paths are walked in turn (a list of cursors, of ids…). Prints the result as JSON.
import autocannon from 'autocannon';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { base, paths, method = 'GET', headers = {}, body, duration, connections } = JSON.parse(input);
let i = 0;
const opts = { url: base + paths[0], method, headers, body, duration, connections };
if (paths.length > 1) {
  opts.requests = [{ method, headers, body, setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
}
const r = await autocannon(opts);
process.stdout.write(
  JSON.stringify({
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  }),
);
