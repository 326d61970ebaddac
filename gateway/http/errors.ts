import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from "express";
import { DomainError, RateLimitedError, notFound, type DomainErrorCode } from "../shared/errors.js";
import { errorFields, type Logger } from "../logger.js";
import { unavailableMessage } from "../db/database.js";

/** The one table from domain error codes to REST statuses. */
const HTTP_STATUS: Record<DomainErrorCode, number> = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_TRANSITION: 409,
  TOKEN_INVALID: 400,
  TOKEN_EXPIRED: 410,
  TOKEN_USED: 410,
  CODE_TAKEN: 409,
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
};

/** Wraps an async REST handler so a rejected promise reaches the error handler. */
export function route(handler: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return (req, res, next: NextFunction) => {
    handler(req, res).catch(next);
  };
}

/** What sendError writes, as JSON Schema (the REST API's description). */
export const ERROR_JSON = {
  title: "Error",
  description: 'A refusal or failure: {"error": "…"}; a 400 names the parameter or field at fault, a 500 or 503 the request id.',
  type: "object",
  required: ["error"],
  additionalProperties: false,
  properties: {
    error: { type: "string", description: "What went wrong, fit to show." },
    field: { type: "string", description: 'The parameter or body field at fault (a 400), e.g. "items.0.customAttributes".' },
    requestId: { type: "string", description: "The request's id (X-Request-Id), for a 500 or 503." },
  },
};

function sendError(res: Response, status: number, message: string, extra: Record<string, unknown> = {}) {
  res.status(status).json({ error: message, ...extra });
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(notFound(`No such API path: ${req.method} ${req.path}`));
};

/**
 * Last handler, and the only place a REST error is written: a domain error answers the status its
 * code has in HTTP_STATUS, with its message; anything else is a 500 with the request id, logged.
 */
export function errorHandler(logger: Logger, isDatabaseDown: (error: unknown) => boolean): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof DomainError) {
      if (error instanceof RateLimitedError) res.setHeader("Retry-After", String(error.retryAfterSeconds));
      // The parameter is named for a 400; other answers keep exactly the spec's {"error"} shape.
      sendError(res, HTTP_STATUS[error.code], error.message, error.code === "INVALID_INPUT" && error.field ? { field: error.field } : {});
      return;
    }
    // body-parser's and serve-static's errors carry their own status (malformed JSON, too large, missing file).
    const { status, type, expose, message } = error as { status?: unknown; type?: string; expose?: boolean; message?: string };
    if (typeof status === "number" && status >= 400 && status < 500) {
      const text =
        type === "entity.too.large"
          ? "Request body too large"
          : type === "entity.parse.failed"
            ? "Malformed JSON body"
            : expose && message
              ? message
              : "Bad request";
      sendError(res, status, text);
      return;
    }
    if (isDatabaseDown(error)) {
      logger.error("database unavailable", { requestId: req.id, ...errorFields(error) });
      sendError(res, 503, unavailableMessage(error), { requestId: req.id });
      return;
    }
    logger.error("request failed", { requestId: req.id, method: req.method, path: req.path, ...errorFields(error) });
    sendError(res, 500, "Internal error", { requestId: req.id });
  };
}
