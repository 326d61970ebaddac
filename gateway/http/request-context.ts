import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../logger.js";
import { clientKeyOf } from "./client-key.js";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Correlates the request's log lines and any error shown to the client. */
      id: string;
    }
  }
}

const INCOMING_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Who sent the request, as every limit per client counts it (client-key.ts): the socket's address,
 * or with TRUST_PROXY the one Express's `trust proxy` reads from X-Forwarded-For (app.ts).
 */
export function clientKey(req: Request): string {
  return clientKeyOf(req.ip ?? "unknown");
}

/**
 * With TRUST_PROXY unset, X-Forwarded-For is ignored; the first request carrying one is logged
 * (once per process), since a shop behind a proxy would otherwise count every shopper as the proxy.
 */
export function ignoredForwardedForWarning(logger: Logger) {
  let warned = false;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!warned && req.headers["x-forwarded-for"] !== undefined) {
      warned = true;
      logger.warn("X-Forwarded-For ignored: TRUST_PROXY is unset, so the socket's address is taken as the client's (set TRUST_PROXY when the shop runs behind a proxy)", {
        peer: req.socket.remoteAddress ?? null,
      });
    }
    next();
  };
}

/** The request's id: a sane incoming X-Request-Id is kept, otherwise a new one (also used by http/front-cache.ts). */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/** Gives each request an id (a sane X-Request-Id is kept) and logs one line when it ends. */
export function requestContext(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    req.id = requestIdFor(req.get("x-request-id"));
    res.setHeader("X-Request-Id", req.id);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const fields = {
        requestId: req.id,
        method: req.method,
        path: req.originalUrl.split("?")[0],
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
      };
      if (res.statusCode >= 500) logger.warn("request", fields);
      else logger.info("request", fields);
    });
    next();
  };
}
