import type { PromotionRepository } from "./promotion.repository.js";
import { freeShippingRuleAt, type FreeShippingRule } from "./promotion.rules.js";

/**
 * The free-shipping rule in force, read from the database each time it is asked (two small
 * queries): the standing threshold staff set, lowered by an automatic offer while it runs. The
 * checkout judges an order by the rule at the moment it is priced; the banner and product page name
 * the same rule.
 */
export class FreeShippingService {
  constructor(
    private readonly promotions: PromotionRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async rule(): Promise<FreeShippingRule> {
    const now = this.now();
    const [standing, offers] = await Promise.all([this.promotions.standingThresholdCents(), this.promotions.automaticOffers(now)]);
    return freeShippingRuleAt(standing, offers, now);
  }
}
