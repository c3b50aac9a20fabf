import express from 'express';

/**
 * The reference for the cached report endpoint's throughput: the least an Express JSON route can
 * do, in its own process like the worker, so both get the same treatment from the load generator.
 */
const app = express();
app.disable('x-powered-by');
app.post('/bare', express.json(), (_req, res) => {
  res.json({ ok: true });
});

const server = app.listen(Number(process.env.PORT ?? 0), () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`Bare Express route on http://127.0.0.1:${port}/bare`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
