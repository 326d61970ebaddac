import fs from "node:fs";
import path from "node:path";
import { makeDataDir } from "./data-dir.js";

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another process (pid ${pid}); stop it first or choose another DATA_DIR`,
    );
    this.name = "DataDirBusyError";
  }
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite does not lock its directory, and two processes writing one data directory corrupt it.
 * The lock is a file created exclusively; a lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  makeDataDir(dataDir);
  const lockPath = path.join(dataDir, "gateway.lock");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx", mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirBusyError(dataDir, holder);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

/**
 * For a worker of the supervisor (gateway/supervisor.ts): the supervisor holds DATA_DIR's lock for
 * its whole life, so a worker that dies (even by SIGKILL) leaves no lock of its own behind and its
 * replacement starts at once. The worker only checks that the lock is its supervisor's.
 */
export function adoptDataDirLock(dataDir: string, holderPid: number): DataDirLock {
  const lockPath = path.join(dataDir, "gateway.lock");
  let holder: number | null = null;
  try {
    holder = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
  } catch {
    // no lock file at all
  }
  if (holder !== holderPid) {
    if (holder !== null && Number.isInteger(holder) && isAlive(holder)) throw new DataDirBusyError(dataDir, holder);
    throw new Error(`DATA_DIR ${dataDir} is not locked by the supervisor (pid ${holderPid})`);
  }
  return { release() {} };
}
