/** Load generator process: runs one autocannon measurement and sends back its summary. */
import autocannon from 'autocannon';

process.once('message', (opts: Parameters<typeof autocannon>[0]) => {
  autocannon(opts)
    .then((r) => {
      process.send!({
        type: 'result',
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        total: r.requests.total,
      });
    })
    .catch((err: unknown) => process.send!({ type: 'result', error: String(err) }))
    .finally(() => process.disconnect());
});
