// The floor the exchange client is measured against: a signed GET written by hand on node:http
// with a keep-alive agent, the HS256 header built as SUPPLEMENT §1 says (and as
// main/exchange/signing.ts builds it), and JSON.parse of the reply. No limiter, no clock, no
// decimals, no retries: only what any client must do per call. It imports nothing of the client,
// so speeding the client up never moves this baseline.
import { createHmac } from 'node:crypto';
import http from 'node:http';

export interface BareClient {
  /** Signed GET of `path` (no query); resolves with the parsed JSON of a 200, rejects on anything else. */
  get(path: string): Promise<unknown>;
  close(): void;
}

export function bareClient(baseUrl: string, apiKey: string, secret: string, maxSockets = 64): BareClient {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const get = (path: string) => new Promise<unknown>((resolve, reject) => {
    const timestamp = Date.now();
    const signature = createHmac('sha256', secret).update(`GET${path}${timestamp}`, 'utf8').digest('hex');
    const authorization = `HS256 ${Buffer.from(`${apiKey}:${signature}:${timestamp}`, 'utf8').toString('base64')}`;
    const request = http.request({ hostname, port, path, agent, headers: { Accept: 'application/json', Authorization: authorization } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode !== 200) reject(new Error(`GET ${path}: HTTP ${String(response.statusCode)} ${text}`));
        else resolve(JSON.parse(text));
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
  return { get, close: () => agent.destroy() };
}
