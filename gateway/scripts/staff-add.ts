// `npm run staff:add -- --email … --name … --role owner|staff [--password …]`: adds a staff member.
// Without --password it asks for one (twice, not echoed, on a terminal; one line from a pipe). A
// weak password is refused with the customers' rule. On PostgreSQL (DATABASE_URL) it writes the
// database itself. On the embedded database (DATA_DIR) it asks the running gateway through its
// socket (DATA_DIR/admin/staff.sock, staff/staff.socket.ts), and opens the database itself only
// when no gateway holds it.
// The staff member is read through a class whose file also declares GraphQL types (staff.types.ts).
import "reflect-metadata";
import net from "node:net";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { loadConfig, type Config } from "../config.js";
import { openDatabase } from "../db/database.js";
import { DataDirBusyError, lockDataDir } from "../db/data-dir-lock.js";
import { createOwnerOnly } from "../db/data-dir.js";
import { migrateToLatest } from "../db/migrate.js";
import { RateLimiter } from "../shared/rate-limiter.js";
import { DomainError } from "../shared/errors.js";
import type { StaffRole } from "../shared/actor.js";
import { StaffRepository } from "../staff/staff.repository.js";
import { StaffService, type NewStaffMember } from "../staff/staff.service.js";
import { StaffMemberInput } from "../staff/staff.types.js";
import { newPasswordProblem } from "../customers/customer.records.js";
import { parseInput } from "../shared/validation.js";
import { ApiTokenRepository } from "../staff/api-token.repository.js";
import { ApiTokenService } from "../staff/api-token.service.js";
import { AuditRepository } from "../staff/audit.repository.js";
import { AuditService } from "../staff/audit.service.js";
import { staffSocketPath, type StaffAddRequest, type StaffSocketAnswer } from "../staff/staff.socket.js";

class UsageError extends Error {}

const USAGE = "Usage: npm run staff:add -- --email <email> --name <name> --role owner|staff [--password <password>]";

function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stderr.write(prompt);
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    let value = "";
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          process.stderr.write("\n");
          return resolve(value);
        }
        if (char === "\u0003") {
          input.setRawMode(false);
          return reject(new UsageError("Cancelled"));
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on("data", onData);
  });
}

async function readLine(): Promise<string> {
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readLine();
  const first = await readHidden("Password: ");
  const weak = newPasswordProblem(first, "password");
  if (weak) throw new UsageError(`Refused: ${weak}`);
  if ((await readHidden("Repeat password: ")) !== first) throw new UsageError("The passwords do not match");
  return first;
}

function ask(socketPath: string, request: StaffAddRequest): Promise<StaffSocketAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let reply = "";
    socket.setEncoding("utf8");
    socket.setTimeout(20_000, () => socket.destroy(new Error("The gateway did not answer on its staff socket")));
    socket.on("connect", () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk: string) => (reply += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      try {
        resolve(JSON.parse(reply) as StaffSocketAnswer);
      } catch {
        reject(new Error("The gateway's answer could not be read"));
      }
    });
  });
}

async function addDirectly(config: Config, member: NewStaffMember, target: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string }) {
  const database = await openDatabase(target);
  try {
    await migrateToLatest(database.db);
    const db = database.db;
    const audit = new AuditService(new AuditRepository(db));
    const staff = new StaffService(new StaffRepository(db), new ApiTokenService(new ApiTokenRepository(db), audit), new RateLimiter(db), config.authLimits);
    return await staff.create(member);
  } finally {
    await database.close();
  }
}

/** The embedded database: through the running gateway when there is one, else opened here under DATA_DIR's lock. */
async function addEmbedded(config: Config, member: NewStaffMember) {
  const socketPath = staffSocketPath(config.dataDir);
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const reply = await ask(socketPath, { op: "staff.add", ...member });
      if (reply.ok) return { ...reply.staff, via: "the running gateway" };
      throw new DomainError(reply.error.code as DomainError["code"], reply.error.message, reply.error.field ?? undefined);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ECONNREFUSED") throw error;
    }
    try {
      const lock = lockDataDir(config.dataDir);
      try {
        return { ...(await addDirectly(config, member, { kind: "pglite", dataDir: config.dataDir })), via: `DATA_DIR ${config.dataDir}` };
      } finally {
        lock.release();
      }
    } catch (error) {
      // The gateway holds DATA_DIR but its socket is not up yet (it is starting): try again shortly.
      if (!(error instanceof DataDirBusyError) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function main() {
  // As the gateway's: what the command creates in DATA_DIR (the embedded database's files) is its owner's only.
  createOwnerOnly();
  const { values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" }, password: { type: "string" } },
    strict: true,
  });
  if (!values.email || !values.name || !values.role) throw new UsageError(USAGE);
  if (values.role !== "owner" && values.role !== "staff") throw new UsageError(`--role must be owner or staff\n${USAGE}`);
  const password = values.password ?? (await askPassword());
  const weak = newPasswordProblem(password, "password");
  if (weak) throw new UsageError(`Refused: ${weak}`);
  const config = loadConfig();
  // Checked here as the gateway's socket checks it (the same class); a refusal reads "Refused: …".
  const member: NewStaffMember = parseInput(StaffMemberInput, { email: values.email, name: values.name, role: values.role as StaffRole, password });
  const added = config.databaseUrl
    ? { ...(await addDirectly(config, member, { kind: "postgres", url: config.databaseUrl })), via: "DATABASE_URL" }
    : await addEmbedded(config, member);
  console.log(`Added ${added.role} ${added.email} (${added.name}) through ${added.via}.`);
}

main().catch((error: unknown) => {
  const message = error instanceof DomainError ? `Refused: ${error.message}` : (error as Error).message;
  console.error(message);
  process.exit(error instanceof UsageError || error instanceof DomainError ? 2 : 1);
});
