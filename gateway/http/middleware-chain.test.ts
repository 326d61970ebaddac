import http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { middlewareChain } from "./middleware-chain.js";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server answering every request through the chain, and a GET/POST helper answering status and body. */
async function serve(handlers: RequestHandler[], onError: ErrorRequestHandler, app = express()) {
  const server = http.createServer(middlewareChain(app, handlers, onError));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url + path, { method: "POST", headers, body: "{}" });
    return { status: res.status, body: await res.text(), headers: res.headers };
  };
}

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

  it("answers 404 through the error handler when every handler passed the request on", async () => {
    const ask = await serve([(_req, _res, next) => next()], asJson);
    expect(await ask("/graphql")).toMatchObject({ status: 404, body: JSON.stringify({ error: "No handler for POST /graphql" }) });
  });
});
