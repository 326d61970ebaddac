import { normalizeEmail } from "../shared/email.js";
import type { RateLimiter } from "../shared/rate-limiter.js";
import type { NewsletterRepository } from "./newsletter.repository.js";

/** Sign-ups one client address may send per hour, so a script cannot pour addresses into the list. */
export const NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR = 20;
const WINDOW_SECONDS = 3600;

export interface NewsletterSubscription {
  /** The address as stored: trimmed and lower-cased. */
  email: string;
}

export class NewsletterService {
  constructor(
    private readonly repository: NewsletterRepository,
    private readonly limiter: RateLimiter,
    private readonly signupsPerAddressPerHour = NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR,
  ) {}

  /**
   * Puts an address on the list once. A repeat answers exactly like a first sign-up: it is not an
   * error, and the answer does not tell anyone whether an address was already subscribed.
   */
  async subscribe(address: string, clientKey: string): Promise<NewsletterSubscription> {
    const email = normalizeEmail(address);
    await this.limiter.take(`newsletter:address:${clientKey}`, this.signupsPerAddressPerHour, WINDOW_SECONDS);
    await this.repository.insertSubscriberIfNew(email);
    return { email };
  }
}
