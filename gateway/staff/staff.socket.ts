import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { DomainError } from "../shared/errors.js";
import type { StaffRole } from "../shared/actor.js";
import { parseInput } from "../shared/validation.js";
import type { Logger } from "../logger.js";
import type { StaffService } from "./staff.service.js";
import { StaffMemberInput } from "./staff.types.js";

// `npm run staff:add` against the embedded database while the gateway runs on it: PGlite allows one
// process, and the gateway holds DATA_DIR (gateway.lock), so the command asks the gateway instead,
// over a Unix socket in DATA_DIR/admin/. That folder is mode 700: only the user who owns DATA_DIR
// (who could read the whole database anyway) and root can connect. One JSON line each way.

const MAX_REQUEST_BYTES = 16 * 1024;
const REQUEST_TIMEOUT_MS = 15_000;

export interface StaffAddRequest {
  op: "staff.add";
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

export type StaffSocketAnswer =
  | { ok: true; staff: { id: string; email: string; name: string; role: StaffRole } }
  | { ok: false; error: { code: string; message: string; field: string | null } };

export function staffSocketPath(dataDir: string): string {
  return path.join(dataDir, "admin", "staff.sock");
}

async function answer(raw: string, staff: StaffService): Promise<StaffSocketAnswer> {
  let request: Partial<StaffAddRequest>;
  try {
    request = JSON.parse(raw) as Partial<StaffAddRequest>;
  } catch {
    return { ok: false, error: { code: "INVALID_INPUT", message: "Malformed request", field: null } };
  }
  if (request.op !== "staff.add") return { ok: false, error: { code: "INVALID_INPUT", message: "Unknown operation", field: null } };
  try {
    // Any local process may write here: the request is read through the same class as the command line's.
    const member = parseInput(StaffMemberInput, {
      email: String(request.email ?? ""),
      name: String(request.name ?? ""),
      role: request.role,
      password: String(request.password ?? ""),
    });
    const created = await staff.create(member);
    return { ok: true, staff: { id: created.id, email: created.email, name: created.name, role: created.role } };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: { code: error.code, message: error.message, field: error.field ?? null } };
    throw error;
  }
}

/** Serves staff:add on DATA_DIR/admin/staff.sock for as long as this process holds the embedded database. */
export async function serveStaffSocket(dataDir: string, staff: StaffService, logger: Logger): Promise<{ close(): Promise<void> }> {
  const socketPath = staffSocketPath(dataDir);
  const folder = path.dirname(socketPath);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chmodSync(folder, 0o700);
  // Left by a process that died: this process holds DATA_DIR now, so no one else is listening there.
  fs.rmSync(socketPath, { force: true });

  const server = net.createServer((socket) => {
    let buffer = "";
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    socket.setEncoding("utf8");
    socket.on("error", () => undefined);
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) return socket.destroy();
      const end = buffer.indexOf("\n");
      if (end === -1) return;
      socket.pause();
      answer(buffer.slice(0, end), staff)
        .then((result) => {
          if (result.ok) logger.info("staff member added", { email: result.staff.email, role: result.staff.role, via: "staff socket" });
          socket.end(`${JSON.stringify(result)}\n`);
        })
        .catch((error: unknown) => {
          logger.error("staff socket request failed", { error: (error as Error).message });
          socket.end(`${JSON.stringify({ ok: false, error: { code: "INTERNAL", message: "The gateway could not add the staff member", field: null } })}\n`);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // exclusive: in a worker of the supervisor (Node's cluster) the socket is this process's own,
    // not shared through the primary, which would take it for the HTTP server's "listening".
    server.listen({ path: socketPath, exclusive: true }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}
