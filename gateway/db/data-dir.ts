import fs from "node:fs";
import path from "node:path";
import type { Logger } from "../logger.js";

// DATA_DIR holds the embedded database, the generated session secret, the staff command's socket,
// the outbox's emails and the print partner's packages: nothing in it is for another user of the
// machine. Whatever the gateway and its commands create is their owner's only (folders 700, files
// 600), and start-up says so when DATA_DIR or something in it is open to others.

/** Permission bits for the group and others: none on anything the gateway creates. */
const GROUP_AND_OTHERS = 0o077;

/**
 * From now on this process creates files and folders for its owner only (a umask of 077), whoever
 * creates them: PGlite's database files, the session secret, the outbox, the print packages. Called
 * first by every entry point that writes into DATA_DIR (the gateway, its supervisor, the commands).
 */
export function createOwnerOnly(): void {
  process.umask(GROUP_AND_OTHERS);
}

/** DATA_DIR itself, made for its owner only when it does not exist yet. */
export function makeDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/** What `widerThanOwner` found: up to `limit` entries, and how many there are in all. */
export interface WideEntries {
  entries: { path: string; mode: string }[];
  total: number;
}

/**
 * DATA_DIR and the entries under it (symbolic links not followed) that the group or others may
 * read, write or enter, as paths relative to DATA_DIR ("." for itself) with their modes in octal.
 */
export function widerThanOwner(dataDir: string, limit = 10): WideEntries {
  const found: WideEntries = { entries: [], total: 0 };
  const visit = (relative: string) => {
    const full = path.join(dataDir, relative);
    let stats: fs.Stats;
    try {
      stats = fs.lstatSync(full);
    } catch {
      return; // gone since it was listed
    }
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & GROUP_AND_OTHERS) !== 0) {
      found.total += 1;
      if (found.entries.length < limit) found.entries.push({ path: relative, mode: (stats.mode & 0o777).toString(8).padStart(3, "0") });
    }
    if (!stats.isDirectory()) return;
    let names: string[];
    try {
      names = fs.readdirSync(full);
    } catch {
      return;
    }
    for (const name of names.sort()) visit(relative === "." ? name : path.join(relative, name));
  };
  if (fs.existsSync(dataDir)) visit(".");
  return found;
}

/** Start-up's check: a warning naming what in DATA_DIR is open to other users (the first few, and how many). */
export function warnIfWiderThanOwner(dataDir: string, logger: Logger): void {
  const wide = widerThanOwner(dataDir);
  if (wide.total === 0) return;
  logger.warn("DATA_DIR is open to other users of this machine; make it its owner's only (chmod -R go= on it)", {
    dataDir,
    entries: wide.entries.map((entry) => `${entry.path} ${entry.mode}`),
    total: wide.total,
  });
}
