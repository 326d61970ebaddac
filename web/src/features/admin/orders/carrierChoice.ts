// A carrier as staff choose it: one of the shop's list (its link built by the gateway) or "Other"
// with its name and tracking page.

export const OTHER = "OTHER";

export interface CarrierChoice {
  /** A listed carrier's name, or OTHER. */
  carrier: string;
  otherName: string;
  trackingNumber: string;
  trackingUrl: string;
}

export type CarrierField = "carrier" | "trackingNumber" | "trackingUrl";

export const emptyChoice = (carrier: string): CarrierChoice => ({ carrier, otherName: "", trackingNumber: "", trackingUrl: "" });

/** A choice from what an order has now: a listed carrier by name, anything else as Other. */
export function choiceOf(tracking: { carrier: string; trackingNumber: string; trackingUrl?: string | null }, listed: readonly string[]): CarrierChoice {
  const isListed = listed.includes(tracking.carrier);
  return {
    carrier: isListed ? tracking.carrier : OTHER,
    otherName: isListed ? "" : tracking.carrier,
    trackingNumber: tracking.trackingNumber,
    trackingUrl: isListed ? "" : (tracking.trackingUrl ?? ""),
  };
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** What the form can say before asking the gateway (which checks it all again). */
export function choiceProblems(choice: CarrierChoice): Partial<Record<CarrierField, string>> {
  const found: Partial<Record<CarrierField, string>> = {};
  if (!choice.carrier) found.carrier = "Choose the carrier";
  if (choice.carrier === OTHER && !choice.otherName.trim()) found.carrier = "Enter the carrier's name";
  if (!choice.trackingNumber.trim()) found.trackingNumber = "Enter the tracking number";
  if (choice.carrier === OTHER && !choice.trackingUrl.trim()) found.trackingUrl = "Enter the carrier's tracking page";
  else if (choice.carrier === OTHER && !isWebAddress(choice.trackingUrl.trim())) found.trackingUrl = "Enter a web address starting with https://";
  return found;
}

/** The mutation's tracking arguments. */
export function trackingInput(choice: CarrierChoice): { carrier: string; trackingNumber: string; trackingUrl: string | null } {
  const other = choice.carrier === OTHER;
  return {
    carrier: other ? choice.otherName.trim() : choice.carrier,
    trackingNumber: choice.trackingNumber.trim(),
    trackingUrl: other ? choice.trackingUrl.trim() : null,
  };
}
