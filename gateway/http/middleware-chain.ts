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
 * `res.locals`, `req.originalUrl`. A handler's thrown error or `next(error)` ends in `onError`, as
 * in the app; a chain whose last handler calls `next()` ends in `onError` with a 404, which the
 * paths using this never do (their last handler answers).
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
    const fail = (error: unknown) => onError(error, req, res, () => undefined);
    const next = (error?: unknown) => {
      if (error !== undefined && error !== null && error !== "route" && error !== "router") return fail(error);
      const handler = handlers[at++];
      if (!handler) return fail(Object.assign(new Error(`No handler for ${req.method} ${req.url}`), { status: 404, expose: true }));
      try {
        const answer: unknown = handler(req, res, next);
        // Express 5 passes a handler's rejected promise to the error handler; so does this.
        if (answer instanceof Promise) answer.catch(next);
      } catch (thrown) {
        fail(thrown);
      }
    };
    next();
  };
}
