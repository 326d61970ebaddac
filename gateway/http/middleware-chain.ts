import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from "express";

/**
 * Runs a fixed list of Express middleware for one request, in order, without Express's router: what
 * `app.use(...handlers)` would do for a request every handler matches, minus the router's walk
 * through every layer of the app (path matching, parameter processing) at each step. For a path
 * whose handlers are known in advance (POST /graphql, app.ts), the same handler functions the app
 * mounts, so both doors behave alike.
 *
 * The request and response get what Express gives them first (app.handle): its request and
 * response prototypes (req.ip, req.get, res.status, res.json, …) with the app's settings, each other,
 * `res.locals`, `req.originalUrl`. `next()` follows Express's router: no value, a falsy one or
 * "route" goes on; "router", or the end of the list, ends in a 404; anything else is an error. An
 * error (passed, thrown, or a rejected promise) goes to `onError` once, and nothing after it runs;
 * should `onError` itself throw, the answer is a plain 500 (or the connection is closed when the
 * answer has begun), as Express's final handler does.
 */
export function middlewareChain(app: Express, handlers: readonly RequestHandler[], onError: ErrorRequestHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (incoming, outgoing) => {
    const req = incoming as Request;
    const res = outgoing as Response;
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    res.locals = Object.create(null) as Response["locals"];
    req.originalUrl = req.url;
    req.baseUrl = "";
    let at = 0;
    let ended = false;
    const fail = (error: unknown) => {
      if (ended) return;
      ended = true;
      try {
        onError(error, req, res, () => undefined);
      } catch {
        if (res.headersSent) res.destroy();
        else {
          res.statusCode = 500;
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
          res.end("Internal Server Error");
        }
      }
    };
    const notFound = () => fail(Object.assign(new Error(`No handler for ${req.method} ${req.url}`), { status: 404, expose: true }));
    const next = (error?: unknown) => {
      if (ended) return;
      if (error === "router") return notFound();
      if (error && error !== "route") return fail(error);
      const handler = handlers[at++];
      if (!handler) return notFound();
      try {
        const answer: unknown = handler(req, res, next);
        // Express 5 passes a handler's rejected promise to the error handler; so does this.
        if (answer !== null && typeof answer === "object" && typeof (answer as PromiseLike<unknown>).then === "function") {
          (answer as PromiseLike<unknown>).then(undefined, (reason: unknown) => fail(reason || new Error("Rejected promise")));
        }
      } catch (thrown) {
        fail(thrown || new Error(`Thrown: ${String(thrown)}`));
      }
    };
    next();
  };
}
