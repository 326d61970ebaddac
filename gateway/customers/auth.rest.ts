import type { NextFunction, Request, Response, Router } from "express";
import type { Config } from "../config.js";
import { route } from "../http/errors.js";
import { describedRouter, errorAnswer, jsonAnswer, NOT_MODIFIED, type ApiAnswer, type ApiOperation } from "../http/openapi.js";
import { parseInput } from "../shared/validation.js";
import type { CustomerRecord } from "./customer.records.js";
import { invalidCredentials, type CustomerService } from "./customer.service.js";
import { LoginInput, RegisterInput } from "./customer.types.js";
import { currentCustomerId } from "../sessions/current-customer.js";
import { clientKey } from "../http/request-context.js";
import { createPassport } from "./passport.js";
import { endCustomerSession, rememberDevice, startCustomerSession } from "../sessions/session-auth.js";

const GOOGLE_FAILURE_REDIRECT = "/?auth_error=google";

/** spec §3 User: what the session call and sign-in answer. */
function toUserJson(customer: CustomerRecord) {
  return { email: customer.email, displayName: customer.displayName };
}

const USER_JSON = {
  title: "User",
  description: "The signed-in customer as spec §3 shows them.",
  type: "object",
  required: ["email", "displayName"],
  additionalProperties: false,
  properties: { email: { type: "string", format: "email" }, displayName: { type: ["string", "null"] } },
};

const userAnswer = (description: string) => jsonAnswer(description, { title: "UserAnswer", type: "object", required: ["user"], additionalProperties: false, properties: { user: USER_JSON } });

const TOO_MANY: ApiAnswer = errorAnswer(
  "Too many attempts from this client or for this email (past the limit an email takes one attempt per AUTH_THROTTLE_SECONDS, except from a browser it signed in on before); Retry-After says when to try again.",
);

const GOOGLE_REDIRECT: ApiAnswer = {
  description: "A redirect (Location): to Google, to /dashboard once signed in, or to /?auth_error=google when Google sign-in is not set up or failed.",
  headers: { Location: { description: "Where the browser goes next.", schema: { type: "string" } } },
};

const tag = "account";

const register: ApiOperation = {
  method: "post",
  path: "/auth/register",
  tag,
  summary: "Register",
  description: "Makes a customer account with a password (it does not sign in; the client logs in next).",
  body: { json: RegisterInput },
  responses: {
    201: userAnswer("The new account."),
    400: errorAnswer("A field is refused (`field` names it): a name of 1–100 characters, a valid email, a password of 8–200 characters; or the body is not JSON."),
    409: errorAnswer("An account with this email exists already."),
    429: TOO_MANY,
  },
};

const login: ApiOperation = {
  method: "post",
  path: "/auth/login",
  tag,
  summary: "Sign in with email and password",
  description:
    "Signs the customer in on a new session (cookie); rememberMe keeps it for 30 days rather than the browser session. It also leaves a device cookie (storefront.device.…, a year) by which the sign-in limits know this browser again: guesses at the account from elsewhere do not lock it out.",
  body: { json: LoginInput },
  responses: {
    200: userAnswer("The signed-in customer."),
    400: errorAnswer("email or password is missing, or rememberMe is not true or false (`field` names it)."),
    401: errorAnswer('The email and password match no account ("Invalid email or password").'),
    429: TOO_MANY,
  },
};

const session: ApiOperation = {
  method: "get",
  path: "/auth/session",
  tag,
  summary: "Who is signed in",
  description: "The customer signed in on this session, or null (never cached: Cache-Control no-store).",
  responses: {
    200: jsonAnswer("The customer, or null.", {
      title: "SessionAnswer",
      type: "object",
      required: ["user"],
      additionalProperties: false,
      properties: { user: { anyOf: [USER_JSON, { type: "null" }] } },
    }),
    304: NOT_MODIFIED,
  },
};

const logout: ApiOperation = {
  method: "post",
  path: "/auth/logout",
  tag,
  summary: "Sign out",
  description: "Ends the session on the server and clears its cookie; signed out or not, the answer is the same.",
  responses: { 200: jsonAnswer("Signed out.", { type: "object", required: ["ok"], additionalProperties: false, properties: { ok: { const: true } } }) },
};

const google: ApiOperation = {
  method: "get",
  path: "/auth/google",
  tag,
  summary: "Sign in with Google",
  description: "Browser navigation: redirects to Google's sign-in, or to /?auth_error=google when Google sign-in is not set up.",
  responses: { 302: GOOGLE_REDIRECT },
};

const googleCallback: ApiOperation = {
  method: "get",
  path: "/auth/google/callback",
  tag,
  summary: "Google's return",
  description: "Where Google sends the browser back: signs the customer in (for 30 days) and redirects to /dashboard, or to /?auth_error=google.",
  responses: { 302: GOOGLE_REDIRECT },
};

export const AUTH_API = [register, login, session, logout, google, googleCallback];

/** spec §7 auth calls, over the customers service. */
export function authRoutes(customers: CustomerService, config: Config): Router {
  const api = describedRouter(AUTH_API);
  const passport = createPassport(customers, config);

  api.on(
    register,
    route(async (req, res) => {
      const customer = await customers.register(parseInput(RegisterInput, req.body), clientKey(req));
      res.status(201).json({ user: toUserJson(customer) });
    }),
  );

  api.on(login, (req: Request, res: Response, next: NextFunction) => {
    let input: LoginInput;
    try {
      input = parseInput(LoginInput, req.body);
    } catch (error) {
      return next(error);
    }
    // passport-local reads the same (checked) body and hands it to the customers service.
    passport.authenticate("local", { session: false }, (error: unknown, customer: CustomerRecord | false) => {
      if (error) return next(error);
      if (!customer) return next(invalidCredentials());
      startCustomerSession(req, customer.id, input.rememberMe === true)
        .then(() => {
          rememberDevice(req, res, "login", customer.email);
          res.json({ user: toUserJson(customer) });
        })
        .catch(next);
    })(req, res, next);
  });

  api.on(
    session,
    route(async (req, res) => {
      const id = currentCustomerId(req);
      const customer = id ? await customers.findById(id) : null;
      res.setHeader("Cache-Control", "no-store");
      res.json({ user: customer ? toUserJson(customer) : null });
    }),
  );

  api.on(
    logout,
    route(async (req, res) => {
      await endCustomerSession(req, res);
      res.json({ ok: true });
    }),
  );

  api.on(google, (req, res, next) => {
    if (!config.google) return res.redirect(302, GOOGLE_FAILURE_REDIRECT);
    passport.authenticate("google", { session: false })(req, res, next);
  });

  api.on(googleCallback, (req, res, next) => {
    if (!config.google) return res.redirect(302, GOOGLE_FAILURE_REDIRECT);
    passport.authenticate("google", { session: false }, (error: unknown, customer: CustomerRecord | false) => {
      if (error || !customer) return res.redirect(302, GOOGLE_FAILURE_REDIRECT);
      startCustomerSession(req, customer.id, true)
        .then(() => {
          rememberDevice(req, res, "login", customer.email);
          res.redirect(302, "/dashboard");
        })
        .catch(next);
    })(req, res, next);
  });

  return api.done();
}
