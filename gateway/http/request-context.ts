import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../logger.js";

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

/** Who sent the request (X-Forwarded-For is trusted from loopback only, see app.ts), for the abuse limits. */
export function clientAddress(req: Request): string {
  return req.ip ?? "unknown";
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
