import http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { middlewareChain } from "./middleware-chain.js";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Serves `listener` and answers a helper POSTing to it (status, body, headers). */
async function listen(listener: http.RequestListener) {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path: string, headers: Record<string, string> = {}, body = "{}") => {
    const res = await fetch(url + path, { method: "POST", headers, body });
    return { status: res.status, body: await res.text(), headers: res.headers };
  };
}

/** A server answering every request through the chain. */
const serve = (handlers: RequestHandler[], onError: ErrorRequestHandler, app = express()) => listen(middlewareChain(app, handlers, onError));

const asJson: ErrorRequestHandler = (error: Error & { status?: number }, _req, res, _next) => {
  res.status(error.status ?? 500).json({ error: error.message });
};

describe("middlewareChain", () => {
  it("runs the handlers in order, each after the one before calls next, with Express's request and response", async () => {
    const seen: string[] = [];
    const ask = await serve(
      [
        (req, _res, next) => {
          seen.push(`first ${req.get("x-probe")} ${req.originalUrl} ${req.path}`);
          next();
        },
        async (_req, res, next) => {
          await new Promise((resolve) => setImmediate(resolve));
          res.locals.mark = "set by the second";
          next();
        },
        (req, res) => {
          seen.push("last");
          res.status(201).json({ mark: res.locals.mark, query: req.query.q });
        },
      ],
      asJson,
    );
    const answer = await ask("/graphql?q=1", { "x-probe": "yes" });
    expect(answer).toMatchObject({ status: 201, body: JSON.stringify({ mark: "set by the second", query: "1" }) });
    expect(seen).toEqual(["first yes /graphql?q=1 /graphql", "last"]);
  });

  it("reads the client's address with the app's own settings (trust proxy)", async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    const ask = await serve([(req, res) => void res.json({ ip: req.ip })], asJson, app);
    expect(JSON.parse((await ask("/", { "x-forwarded-for": "203.0.113.9" })).body)).toEqual({ ip: "203.0.113.9" });
    const untrusting = await serve([(req, res) => void res.json({ ip: req.ip })], asJson);
    expect(JSON.parse((await untrusting("/", { "x-forwarded-for": "203.0.113.9" })).body)).toEqual({ ip: "127.0.0.1" });
  });

  it.each([
    ["passed to next", ((_req, _res, next) => next(new Error("passed"))) as RequestHandler, "passed"],
    ["thrown", (() => {
      throw new Error("thrown");
    }) as RequestHandler, "thrown"],
    ["a rejected promise", (async () => {
      throw new Error("rejected");
    }) as RequestHandler, "rejected"],
  ])("hands an error %s to the error handler and runs nothing after it", async (_how, failing, message) => {
    let ranAfter = false;
    const ask = await serve(
      [
        failing,
        (_req, res) => {
          ranAfter = true;
          res.json({});
        },
      ],
      asJson,
    );
    expect(await ask("/")).toMatchObject({ status: 500, body: JSON.stringify({ error: message }) });
    expect(ranAfter).toBe(false);
  });

  it("answers 404 through the error handler when every handler passed the request on, or one left the router", async () => {
    const ask = await serve([(_req, _res, next) => next()], asJson);
    expect(await ask("/graphql")).toMatchObject({ status: 404, body: JSON.stringify({ error: "No handler for POST /graphql" }) });
    const leaving = await serve([(_req, _res, next) => next("router"), (_req, res) => void res.json({ reached: true })], asJson);
    expect((await leaving("/graphql")).status).toBe(404);
  });

  it("goes on after next() with a falsy value or 'route', as Express's router does", async () => {
    const ask = await serve(
      [(_req, _res, next) => next(false), (_req, _res, next) => next(0), (_req, _res, next) => next("route"), (_req, res) => void res.json({ reached: true })],
      asJson,
    );
    expect(await ask("/")).toMatchObject({ status: 200, body: JSON.stringify({ reached: true }) });
  });

  it("answers a plain 500 when the error handler itself throws, and the server goes on answering", async () => {
    const throwing: ErrorRequestHandler = () => {
      throw new Error("the error handler failed");
    };
    const ask = await serve([() => {
      throw new Error("first");
    }], throwing);
    expect(await ask("/")).toMatchObject({ status: 500, body: "Internal Server Error" });
    expect((await ask("/")).status).toBe(500);
  });

  it("turns a promise rejected without a reason into an error, and runs nothing after an error, even on a stray next()", async () => {
    let strayNext: (() => void) | null = null;
    let ranAfter = false;
    const ask = await serve(
      [
        (_req, _res, next) => {
          strayNext = next;
          return Promise.reject(undefined);
        },
        (_req, res) => {
          ranAfter = true;
          res.json({});
        },
      ],
      asJson,
    );
    expect(await ask("/")).toMatchObject({ status: 500, body: JSON.stringify({ error: "Rejected promise" }) });
    strayNext!();
    expect(ranAfter).toBe(false);
  });

  it("answers as Express itself does with the same handlers", async () => {
    const handlers: RequestHandler[] = [
      (req, res, next) => {
        res.setHeader("X-Seen", req.get("x-probe") ?? "none");
        next();
      },
      express.json({ limit: "1kb" }),
      (req, res, next) => (req.body?.fail ? next(Object.assign(new Error("refused"), { status: 409 })) : res.status(201).json({ got: req.body })),
    ];
    const viaChain = await serve(handlers, asJson);
    const app = express();
    app.use(handlers);
    app.use(asJson);
    const viaExpress = await listen(app);
    for (const body of ['{"a":1}', '{"fail":true}', '{"a":', JSON.stringify({ big: "x".repeat(2_000) })]) {
      const headers = { "content-type": "application/json", "x-probe": "p" };
      const [ours, express5] = await Promise.all([viaChain("/graphql", headers, body), viaExpress("/graphql", headers, body)]);
      expect({ status: ours.status, body: ours.body, seen: ours.headers.get("x-seen") }).toEqual({ status: express5.status, body: express5.body, seen: express5.headers.get("x-seen") });
    }
  });
});
