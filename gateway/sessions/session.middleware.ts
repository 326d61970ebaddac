import session from "express-session";
import type { RequestHandler } from "express";
import type { Config } from "../config.js";
import type { DatabaseSessionStore } from "./session-store.js";
import { resolveSessionSecret } from "./session-secret.js";
import { SESSION_COOKIE } from "./session-auth.js";

/** Sessions in the database; cookie httpOnly, SameSite=Lax, Secure when the shop is served over https. */
export function sessionMiddleware(config: Config, store: DatabaseSessionStore): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    secret: resolveSessionSecret(config.sessionSecret, config.dataDir),
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: true,
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: config.publicUrl.startsWith("https:"),
      path: "/",
    },
  });
}
