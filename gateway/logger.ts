import type { LogLevel } from "./config.js";

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One JSON object per line on stdout, so logs can be shipped and queried as they are. */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const emit = (at: Exclude<LogLevel, "silent">, msg: string, fields?: LogFields) => {
    if (RANK[at] < RANK[level]) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields })}\n`);
  };
  return {
    debug: (msg, fields) => emit("debug", msg, fields),
    info: (msg, fields) => emit("info", msg, fields),
    warn: (msg, fields) => emit("warn", msg, fields),
    error: (msg, fields) => emit("error", msg, fields),
  };
}

export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
