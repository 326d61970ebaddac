import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../gateway/db/migrate.js";
import { migrations } from "../gateway/db/migrations/index.js";
import { EmailService } from "../gateway/notifications/email.service.js";
import { createMailer } from "../gateway/notifications/mailer.js";
import { JobQueue } from "../gateway/jobs/job.service.js";
import { JobRepository } from "../gateway/jobs/job.repository.js";
import { DEFAULT_JOB_SETTINGS } from "../gateway/config.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";
import { readEml } from "./support/pipeline.js";

// Every email is one kind of job: {to, template, data} under an idempotency key, rendered when the
// job runs and sent after the change that asked for it commits.
let database: TestDatabase;
let outbox: string;
let emails: EmailService;
const rendered: Record<string, unknown>[] = [];
const sent: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-outbox-"));
  const jobs = new JobQueue(new JobRepository(database.db), DEFAULT_JOB_SETTINGS, () => {});
  emails = new EmailService(jobs, createMailer({ smtpUrl: null, from: "Shop <shop@example.com>", outboxDir: outbox }));
  emails.register("welcome", {
    async render(data) {
      rendered.push(data);
      return { subject: `Welcome, ${String(data.name)}`, text: "Hello", html: "<p>Hello</p>" };
    },
  });
  emails.onSent(async (_data, email) => {
    sent.push(`${email.to}: ${email.subject}`);
  });
});
afterAll(async () => {
  await database?.dispose();
});

const jobsByKey = (key: string) => database.db.selectFrom("jobs").selectAll().where("dedupe_key", "=", key).execute();

describe("the email job", () => {
  it("is written in the change's transaction, once per idempotency key", async () => {
    const request = { to: "ada@example.com", template: "welcome", data: { name: "Ada" }, idempotencyKey: "welcome-ada" };
    await database.db.transaction().execute((trx) => emails.enqueueInTransaction(request, trx));
    await database.db.transaction().execute((trx) => emails.enqueueInTransaction({ ...request, data: { name: "Other" } }, trx));
    const [job, ...more] = await jobsByKey("email:welcome-ada");
    expect(more).toEqual([]);
    expect(job).toMatchObject({ kind: "email", state: "PENDING", payload: { to: "ada@example.com", template: "welcome", data: { name: "Ada" }, key: "welcome-ada" } });
  });

  it("is never written when the transaction rolls back", async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await emails.enqueueInTransaction({ to: "bo@example.com", template: "welcome", data: { name: "Bo" }, idempotencyKey: "welcome-bo" }, trx);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await jobsByKey("email:welcome-bo")).toEqual([]);
  });

  it("refuses a template nobody registered, before anything is written", async () => {
    await expect(emails.enqueue({ to: "x@example.com", template: "no-such", data: {}, idempotencyKey: "x" })).rejects.toThrow("no email template no-such");
    expect(await jobsByKey("email:x")).toEqual([]);
  });

  it("renders when it runs, sends under its key (the same message when retried), then tells the template", async () => {
    await emails.enqueue({ to: "cy@example.com", template: "welcome", data: { name: "Cy" }, idempotencyKey: "welcome-cy" });
    const [job] = await jobsByKey("email:welcome-cy");
    const run = () => emails.handler().run({ ...job!, payload: job!.payload as Record<string, unknown> } as never);
    const first = await run();
    const again = await run();
    expect(first).toEqual(again);
    const file = path.join(outbox, "welcome-cy.eml");
    const eml = readEml(fs.readFileSync(file, "utf8"));
    expect(eml.header("To")).toBe("cy@example.com");
    expect(eml.header("Subject")).toBe("Welcome, Cy");
    expect(eml.header("Message-ID")).toBe("<welcome-cy@example.com>");
    expect(fs.readdirSync(outbox).filter((f) => f.startsWith("welcome-cy"))).toEqual(["welcome-cy.eml"]);
    expect(sent.filter((s) => s.startsWith("cy@"))).toEqual(["cy@example.com: Welcome, Cy", "cy@example.com: Welcome, Cy"]);
  });

  it("fails for good (no retry) on a payload that is not an email's", async () => {
    await expect(emails.handler().run({ payload: { to: "x@example.com" } } as never)).rejects.toMatchObject({ name: "PermanentJobError" });
  });
});

describe("order emails queued before every email was one job kind", () => {
  let old: TestDatabase;
  beforeAll(async () => {
    old = await createTestDatabase({ seed: false, migrations: migrations.filter((m) => m.name < "011") });
  });
  afterAll(async () => {
    await old?.dispose();
  });

  it("are rewritten into the one form, keyed as order emails are keyed now", async () => {
    const { rows } = await sql<{ id: string; order_number: number }>`
      INSERT INTO orders (email, subtotal_cents, shipping_cents, total_cents, shipping_method, shipping_name,
                          shipping_address1, shipping_city, shipping_postal_code, shipping_country, status_token)
      VALUES ('pat@example.com', 2499, 599, 3098, 'Standard', 'Pat', '1 Main St', 'Springfield', '12345', 'United States', 'tok')
      RETURNING id, order_number`.execute(old.db);
    const order = rows[0]!;
    await sql`
      INSERT INTO jobs (kind, payload, max_attempts, dedupe_key, state) VALUES
        ('email.order_confirmation', ${JSON.stringify({ orderId: order.id })}::jsonb, 8, ${`email:confirmation:${order.id}`}, 'FAILED'),
        ('email.shipping_notification', ${JSON.stringify({ orderId: order.id })}::jsonb, 8, ${`email:shipping:${order.id}`}, 'PENDING'),
        ('fulfillment', ${JSON.stringify({ orderId: order.id })}::jsonb, 8, ${`fulfillment:${order.id}`}, 'PENDING')`.execute(old.db);

    expect(await migrateToLatest(old.db)).toContain("011-email-jobs");

    const jobs = await old.db.selectFrom("jobs").select(["kind", "payload", "dedupe_key", "state"]).orderBy("dedupe_key").execute();
    expect(jobs).toEqual([
      {
        kind: "email",
        payload: { to: "pat@example.com", template: "order_confirmation", data: { orderId: order.id }, key: `order-${order.order_number}-confirmation` },
        dedupe_key: `email:order-${order.order_number}-confirmation`,
        state: "FAILED",
      },
      {
        kind: "email",
        payload: { to: "pat@example.com", template: "shipping_notification", data: { orderId: order.id }, key: `order-${order.order_number}-shipping` },
        dedupe_key: `email:order-${order.order_number}-shipping`,
        state: "PENDING",
      },
      { kind: "fulfillment", payload: { orderId: order.id }, dedupe_key: `fulfillment:${order.id}`, state: "PENDING" },
    ]);
  });
});
