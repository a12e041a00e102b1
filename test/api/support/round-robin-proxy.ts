import http from 'node:http';

export type ProxyHit = { method: string; path: string; backend: number; status: number };

/** A small HTTP proxy handing each request to the next backend in turn (a load balancer's simplest policy). */
export type RoundRobinProxy = { url: string; hits: ProxyHit[]; close(): Promise<void> };

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const hits: ProxyHit[] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    const backend = next++ % backends.length;
    const target = new URL(req.url ?? '/', backends[backend]);
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        hits.push({ method: req.method ?? '', path: target.pathname, backend, status: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      hits.push({ method: req.method ?? '', path: target.pathname, backend, status: 502 });
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
