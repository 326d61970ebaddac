import session from "express-session";
import type { RequestHandler } from "express";
import type { Config } from "../config.js";
import type { DatabaseSessionStore } from "./session-store.js";
import { resolveSessionSecret } from "./session-secret.js";
import { SESSION_COOKIE, attachDeviceCookies, deferSession } from "./session-auth.js";
import { DeviceCookies } from "./device-cookie.js";

/** The session cookie among a request's cookies. */
const SESSION_COOKIE_SENT = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE.replace(/[.]/g, "\\.")}\\s*=`);

/** express-session for every request, and the same sessions started only when needed. */
export interface SessionMiddleware {
  always: RequestHandler;
  /**
   * A request without the session cookie skips express-session: it would build a new session (a
   * random id, a cookie object, response hooks) only to drop it unsaved, ~60 µs of a ~2 ms cart
   * add. Such a request has no one signed in; should it sign someone in, session-auth.ts starts its
   * session first. Only for routes whose every session write goes through session-auth.ts (GraphQL):
   * passport's Google sign-in, under /api, keeps its state in the session directly.
   */
  deferredWithoutCookie: RequestHandler;
}

/**
 * Sessions in the database; cookie httpOnly, SameSite=Lax, Secure when the shop is served over
 * https. The sign-in device cookies (device-cookie.ts) are signed with the same secret.
 */
export function sessionMiddleware(config: Config, store: DatabaseSessionStore): SessionMiddleware {
  const secret = resolveSessionSecret(config.sessionSecret, config.dataDir);
  const secure = config.publicUrl.startsWith("https:");
  const devices = new DeviceCookies(secret, secure);
  const withSessions = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: true,
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
    },
  });
  const always: RequestHandler = (req, res, next) => {
    attachDeviceCookies(req, devices);
    withSessions(req, res, next);
  };
  return {
    always,
    deferredWithoutCookie: (req, res, next) => {
      if (SESSION_COOKIE_SENT.test(req.headers.cookie ?? "")) return always(req, res, next);
      attachDeviceCookies(req, devices);
      deferSession(req, (done) => withSessions(req, res, done));
      next();
    },
  };
}
