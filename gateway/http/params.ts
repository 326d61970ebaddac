import type { Request } from "express";
import { invalidInput } from "../shared/errors.js";

// REST query parameters, checked at the edge; each error names its parameter.

function single(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalidInput(name, `${name} must be given once, as a plain value`);
  return value;
}

export function stringParam(req: Request, name: string): string | undefined {
  return single(req, name);
}

export function intParam(req: Request, name: string): number | undefined {
  const value = single(req, name);
  if (value === undefined || value === "") return undefined;
  if (!/^-?\d{1,9}$/.test(value)) throw invalidInput(name, `${name} must be a whole number`);
  return Number(value);
}

export function boolParam(req: Request, name: string): boolean | undefined {
  const value = single(req, name);
  if (value === undefined || value === "") return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw invalidInput(name, `${name} must be true or false`);
}
