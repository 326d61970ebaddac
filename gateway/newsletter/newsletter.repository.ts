import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export class NewsletterRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds the address unless it is on the list already; true when it was added now. */
  async insertSubscriberIfNew(email: string): Promise<boolean> {
    const row = await this.db
      .insertInto("newsletter_subscribers")
      .values({ email })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    return row !== undefined;
  }
}
