import type { DeliveryTimesQuery } from "../../gql/graphql";

type Rate = Pick<DeliveryTimesQuery["shop"]["shippingRates"][number], "title" | "deliveryEstimate">;

/** One method's part of the sentence: what comes before its estimate, and the estimate. */
interface DeliveryPart {
  before: string;
  estimate: string;
}

/**
 * spec §9 (standard 5-7 business days; expedited 3-5), worded from the rates the gateway serves
 * (`shop.shippingRates`, which the checkout charges and records): "standard delivery takes 5–7
 * business days and expedited 3–5 business days". Empty when there are no rates.
 */
export function deliveryParts(rates: readonly Rate[]): DeliveryPart[] {
  return rates.map((rate, i) => {
    const joiner = i === 0 ? "" : i === rates.length - 1 ? " and " : ", ";
    const method = rate.title.toLowerCase();
    return { before: `${joiner}${i === 0 ? `${method} delivery takes` : method} `, estimate: rate.deliveryEstimate };
  });
}
