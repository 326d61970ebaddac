import type { IncomingMessage, OutgoingHttpHeader, RequestListener, ServerResponse } from "node:http";
import type { Logger } from "../logger.js";
import { requestIdFor } from "./request-context.js";

/**
 * A shared-answer cache in front of Express, as a CDN or Varnish in front of the shop
 * would be, but in-process and exact. A catalog read is the same for every anonymous shopper, and
 * once it is a cache hit what it costs is Express, the session middleware and Apollo's request
 * pipeline: this answers a repeated read with the exact status, headers and bytes the pipeline sent
 * for it, before any of them runs.
 *
 * What is kept: only an answer the pipeline itself declared shareable (`markShareable`: GraphQL's
 * cache control judged every field it touched PUBLIC with a lifetime, graphql-server/response-cache.ts),
 * with status 200 and no Set-Cookie. Keyed by everything that can change the bytes: method, URL,
 * Content-Type, Accept, Accept-Encoding (the compressed bytes are kept per encoding) and the exact
 * body. Requests that may be answered differently for the asker never come here: an Authorization
 * header (a bad token must still be refused), the session cookie (the session store is touched on
 * every request that names a session), conditional requests (Express may answer 304), an encoded,
 * chunked or large body.
 *
 * Invalidation: every entry carries the catalog's version when its request arrived; a change
 * (`source.onClear`, also another process's notice) drops them all, an entry of an older version is
 * never served, and an answer whose request began before a change is never stored after it.
 */

/** The catalog cache's version and its change notices (catalog/catalog.cache.ts), named here without importing the feature. */
export interface VersionSource {
  readonly version: number;
  onClear(listener: () => void): void;
}

export interface FrontCacheOptions {
  /** The path whose JSON POSTs may be answered here ("/graphql"). */
  postPath: string;
  /** Paths under which GETs may be answered here (REST's catalog reads). */
  getPrefixes: readonly string[];
  /** Longest lifetime of an entry; the answer's own lifetime may only shorten it. */
  maxAgeMs: number;
  /** At most this many entries (the oldest go first). */
  maxEntries: number;
  /** At most this many bytes of keys and answers together. */
  maxBytes: number;
  /** Request bodies larger than this are not looked up (nor read here). */
  maxRequestBytes: number;
  /** Answers larger than this are not kept. */
  maxAnswerBytes: number;
  /** The session cookie's name: a request that names a session goes through the pipeline. */
  sessionCookie: string;
  logger: Logger;
  now?: () => number;
}

interface Entry {
  version: number;
  status: number;
  /** The pipeline's headers but those made per request (X-Request-Id, Age, Date, connection framing). */
  headers: Record<string, OutgoingHttpHeader>;
  body: Buffer;
  storedAt: number;
  /** The Age the pipeline answered with (an answer Apollo's cache had kept for that long). */
  ageSeconds: number;
  expires: number;
  bytes: number;
}

const SHAREABLE = Symbol("front-cache.shareable");
type Markable = ServerResponse & { [SHAREABLE]?: number };

/**
 * The pipeline says, before it writes the answer: this answer is the same for everyone, for
 * `maxAgeMs` more. Only such an answer is kept.
 */
export function markShareable(res: ServerResponse, maxAgeMs: number): void {
  if (maxAgeMs > 0) (res as Markable)[SHAREABLE] = maxAgeMs;
}

/** Made per request or by Node's framing: never stored, never replayed. */
const PER_REQUEST_HEADERS = new Set(["x-request-id", "age", "date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

export class FrontCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly now: () => number;
  private readonly sessionCookie: string;

  constructor(
    private readonly source: VersionSource,
    private readonly options: FrontCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.sessionCookie = `${options.sessionCookie}=`;
    source.onClear(() => {
      this.entries.clear();
      this.bytes = 0;
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The HTTP server's request handler: answers from the cache when it can, otherwise hands the request to `app` and keeps what it answers when shareable. */
  handler(app: RequestListener): RequestListener {
    return (req, res) => {
      const length = this.candidateLength(req);
      if (length === null) return void app(req, res);
      if (length === 0) {
        const key = this.keyOf(req, null);
        if (this.serve(key, this.source.version, req, res)) return;
        this.capture(key, this.source.version, res);
        return void app(req, res);
      }
      this.readBody(req, length, (body) => {
        const version = this.source.version;
        if (body === null) return void app(req, res);
        const key = this.keyOf(req, body);
        if (this.serve(key, version, req, res)) return;
        // Synchronously, before the stream can emit 'end': Express's JSON parser reads the body as sent.
        req.unshift(body);
        this.capture(key, version, res);
        app(req, res);
      });
    };
  }

  /** The request's body length (0 for a GET) when the request may be answered here, otherwise null. */
  private candidateLength(req: IncomingMessage): number | null {
    const h = req.headers;
    if (h.authorization !== undefined || h["if-none-match"] !== undefined || h["if-modified-since"] !== undefined) return null;
    if (h["content-encoding"] !== undefined || h["transfer-encoding"] !== undefined) return null;
    if (h.cookie !== undefined && h.cookie.includes(this.sessionCookie)) return null;
    const url = req.url ?? "";
    if (req.method === "GET") {
      if (h["content-length"] !== undefined && h["content-length"] !== "0") return null;
      return this.options.getPrefixes.some((prefix) => url.startsWith(prefix)) ? 0 : null;
    }
    if (req.method !== "POST") return null;
    const path = this.options.postPath;
    if (url !== path && !url.startsWith(`${path}?`)) return null;
    const type = h["content-type"];
    if (type === undefined || !type.toLowerCase().startsWith("application/json")) return null;
    const length = Number(h["content-length"]);
    if (!Number.isInteger(length) || length <= 0 || length > this.options.maxRequestBytes) return null;
    return length;
  }

  /**
   * Reads exactly `length` bytes and calls `done` with them synchronously, while they can still be put
   * back (`unshift`, the documented way to un-read) for the pipeline; `done(null)` when the request
   * ended or failed early.
   */
  private readBody(req: IncomingMessage, length: number, done: (body: Buffer | null) => void): void {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (body: Buffer | null) => {
      req.off("readable", onReadable);
      req.off("error", onFailure);
      req.off("end", onFailure);
      done(body);
    };
    const onFailure = () => finish(null);
    const onReadable = () => {
      let chunk: Buffer | null;
      while ((chunk = req.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= length) {
          return finish(received === length ? (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)) : null);
        }
      }
    };
    req.on("readable", onReadable);
    req.on("error", onFailure);
    req.on("end", onFailure);
  }

  /** Header values are single lines, so newlines separate the parts; the body comes last. */
  private keyOf(req: IncomingMessage, body: Buffer | null): string {
    const h = req.headers;
    return `${req.method} ${req.url}\n${h["content-type"] ?? ""}\n${h.accept ?? ""}\n${h["accept-encoding"] ?? ""}\n${body?.toString("latin1") ?? ""}`;
  }

  private serve(key: string, version: number, req: IncomingMessage, res: ServerResponse): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    const now = this.now();
    if (entry.version !== version || entry.expires <= now) {
      this.remove(key, entry);
      return false;
    }
    const started = process.hrtime.bigint();
    const id = requestIdFor(req.headers["x-request-id"] as string | undefined);
    res.writeHead(entry.status, {
      ...entry.headers,
      "X-Request-Id": id,
      "Content-Length": entry.body.length,
      // As Apollo's response cache does on a hit: how long this answer has been kept.
      age: String(entry.ageSeconds + Math.floor((now - entry.storedAt) / 1000)),
    });
    res.end(entry.body);
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    this.options.logger.info("request", { requestId: id, method: req.method, path: req.url?.split("?")[0], status: entry.status, durationMs: Math.round(durationMs * 10) / 10, cache: "front" });
    return true;
  }

  /** Records what the pipeline writes for this request (after compression) and keeps it if it was shareable. */
  private capture(key: string, version: number, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let storable = true;
    let status = 0;
    let headers: Record<string, OutgoingHttpHeader> | null = null;
    let ageSeconds = 0;
    // The mark comes before the first byte (the pipeline decides before it writes): nothing is copied
    // for an answer that will not be kept, a cart write's for one.
    const shareable = () => (res as Markable)[SHAREABLE] !== undefined;
    const record = (chunk: unknown, encoding: unknown) => {
      if (!storable || chunk === undefined || chunk === null || typeof chunk === "function") return;
      if (!shareable()) return void (storable = false);
      const buffer =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.isBuffer(chunk)
            ? chunk
            : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > this.options.maxAnswerBytes) storable = false;
      else chunks.push(buffer);
    };
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      // Node's own implicit call passes the status only; headers given here would bypass getHeaders().
      if (!shareable() || args.some((arg) => typeof arg === "object" && arg !== null)) storable = false;
      else {
        status = typeof args[0] === "number" ? args[0] : this.statusCode;
        headers = {};
        // Node's getRawHeaderNames (since 15.13; not in @types/node 20) keeps the names' case as set.
        for (const name of (this as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
          const lower = name.toLowerCase();
          const value = this.getHeader(lower);
          if (lower === "set-cookie") storable = false;
          if (lower === "age") ageSeconds = Number(value) || 0;
          if (!PER_REQUEST_HEADERS.has(lower) && value !== undefined) headers[name] = value;
        }
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse["writeHead"];
    const write = res.write;
    res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, ...rest: unknown[]) {
      record(chunk, encoding);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, encoding, ...rest);
    } as ServerResponse["write"];
    const end = res.end;
    res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, ...rest: unknown[]) {
      record(chunk, encoding);
      return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, encoding, ...rest);
    } as ServerResponse["end"];
    res.once("finish", () => {
      const maxAgeMs = (res as Markable)[SHAREABLE];
      if (!storable || maxAgeMs === undefined || status !== 200 || headers === null) return;
      const lifetimeMs = Math.min(this.options.maxAgeMs, maxAgeMs - ageSeconds * 1000);
      if (lifetimeMs <= 0) return;
      this.store(key, version, { status, headers, body: Buffer.concat(chunks), ageSeconds, lifetimeMs });
    });
  }

  private store(key: string, version: number, answer: { status: number; headers: Record<string, OutgoingHttpHeader>; body: Buffer; ageSeconds: number; lifetimeMs: number }): void {
    // An answer whose request began before a change to the catalog may predate it.
    if (version !== this.source.version) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const now = this.now();
    const bytes = key.length + answer.body.length + 512;
    if (bytes > this.options.maxBytes) return;
    this.entries.set(key, { version, status: answer.status, headers: answer.headers, body: answer.body, storedAt: now, ageSeconds: answer.ageSeconds, expires: now + answer.lifetimeMs, bytes });
    this.bytes += bytes;
    while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.remove(oldestKey, oldest);
    }
  }

  private remove(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
