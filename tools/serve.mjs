// @ts-check
// A small static file server for www/ (or dist/): correct MIME types (wasm
// included), the page's Content-Security-Policy as an HTTP header, loopback only.
// Used by `./build.sh serve` and, imported, by the browser tests and the benchmark.
//
//   node tools/serve.mjs [ROOT] [PORT]      ROOT defaults to www, PORT to $PORT or 8000;
//                                           port 0 picks a free port.
// The first line printed is "Serving ROOT at http://127.0.0.1:PORT/".

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The policy every page runs under; index.html repeats it in a <meta> tag. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

const HEADERS = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // A development server: always revalidate, so a rebuild shows on reload.
  'Cache-Control': 'no-cache',
};

/** Types worth compressing when `gzip` is on (everything but the PNGs). */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|wasm)|image\/svg)/;

/**
 * Starts serving `root` on 127.0.0.1.
 * `gzip` compresses responses as a typical static host does (the Lighthouse
 * run uses it); `onRequest` hears of every response: { path, status, bytes }.
 * @param {{ root?: string, port?: number, quiet?: boolean, gzip?: boolean,
 *           onRequest?: (info: { path: string, status: number, bytes: number }) => void }} [options]
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startServer({ root = 'www', port = 0, quiet = true, gzip = false, onRequest } = {}) {
  const base = resolve(root);
  const server = createServer((req, res) => {
    if (onRequest) {
      res.on('finish', () => {
        const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
        onRequest({ path, status: res.statusCode, bytes: Number(res.getHeader('Content-Length') ?? 0) });
      });
    }
    handle(base, req, res, quiet, gzip).catch((err) => {
      console.error(err);
      if (!res.headersSent) res.writeHead(500, HEADERS);
      res.end();
    });
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(null));
  });
  const actual = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    url: `http://127.0.0.1:${actual}/`,
    port: actual,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

async function handle(base, req, res, quiet, gzip) {
  const url = new URL(req.url, 'http://localhost');
  let path;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return reply(res, 400, 'Bad request');
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return reply(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  let file = resolve(join(base, path));
  if (file !== base && !file.startsWith(base + sep)) return reply(res, 403, 'Forbidden');
  let info = await stat(file).catch(() => null);
  if (info?.isDirectory()) {
    if (!path.endsWith('/')) {
      return reply(res, 301, 'Moved', { Location: url.pathname + '/' + url.search });
    }
    file = join(file, 'index.html');
    info = await stat(file).catch(() => null);
  }
  if (!info?.isFile()) {
    if (!quiet) console.log(`404 ${path}`);
    return reply(res, 404, 'Not found');
  }
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const compress = gzip && COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  // Validators, as any static host sends: a revalidation costs a 304, not the file.
  const etag = `"${info.size.toString(36)}-${Math.round(info.mtimeMs).toString(36)}${compress ? '-gz' : ''}"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { ...HEADERS, ETag: etag });
    return res.end();
  }
  if (compress) {
    const body = gzipSync(await readFile(file));
    res.writeHead(200, { ...HEADERS, ETag: etag, 'Content-Type': type, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding', 'Content-Length': body.length });
    return res.end(req.method === 'HEAD' ? undefined : body);
  }
  res.writeHead(200, { ...HEADERS, ETag: etag, 'Content-Type': type, 'Content-Length': info.size });
  if (req.method === 'HEAD') return res.end();
  // A file can vanish between stat and open (a test tearing its site down while
  // a worker still fetches): end that response, never throw from the stream.
  pipeline(createReadStream(file), res, (err) => {
    if (err && !quiet) console.log(`aborted ${path}: ${err.message}`);
  });
}

function reply(res, status, text, extra = {}) {
  res.writeHead(status, { ...HEADERS, ...extra, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text + '\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? 'www';
  const port = Number(process.argv[3] ?? process.env.PORT ?? 8000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: not a port: ${process.argv[3] ?? process.env.PORT}`);
    process.exit(2);
  }
  const server = await startServer({ root, port, quiet: false }).catch((err) => {
    console.error(`serve: cannot listen on 127.0.0.1:${port}: ${err.message}`);
    process.exit(1);
  });
  console.log(`Serving ${root} at ${server.url}`);
  console.log('Press Ctrl+C to stop.');
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
