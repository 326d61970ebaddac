import { webAddress } from "../shared/validation.js";

// The carriers the shop ships with and how a parcel's tracking link is made (pure). A known carrier
// (named in any case) needs only the tracking number: its link is built from the carrier's
// template. Any other carrier needs the link itself, an http or https address (but a print
// partner's report, kept as it came). Marking orders shipped and the tracking import read this rule.

export interface Carrier {
  /** The name as kept on the order and shown to the customer. */
  name: string;
  /** The tracking page; `{n}` stands for the URL-encoded tracking number. */
  trackingUrlTemplate: string;
}

export const CARRIERS: readonly Carrier[] = [
  { name: "USPS", trackingUrlTemplate: "https://tools.usps.com/go/TrackConfirmAction?tLabels={n}" },
  { name: "UPS", trackingUrlTemplate: "https://www.ups.com/track?tracknum={n}" },
  { name: "FedEx", trackingUrlTemplate: "https://www.fedex.com/fedextrack/?trknbr={n}" },
  { name: "DHL", trackingUrlTemplate: "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}" },
];

/** The longest carrier name and tracking number (as the fulfil mutation takes them). */
const CARRIER_MAX_LENGTH = 100;
const TRACKING_NUMBER_MAX_LENGTH = 100;
/** The longest tracking link. */
const TRACKING_URL_MAX_LENGTH = 2000;

export type ResolvedCarrier = { carrier: string; trackingUrl: string } | { error: string };

const squash = (name: string) => name.replace(/[\s.-]+/g, "").toLowerCase();

/** The known carrier of this name, however written ("fedex", "Fed Ex", "U.S.P.S."); undefined for any other. */
export function knownCarrier(name: string): Carrier | undefined {
  const wanted = squash(name);
  return CARRIERS.find((c) => squash(c.name) === wanted);
}

/** Why another carrier without a link is refused. */
export const otherCarrierNeedsLink = (name: string) => `"${clip(name.trim())}" is not one of ${CARRIERS.map((c) => c.name).join(", ")}: give its tracking URL`;

/** The carrier's tracking page for this number (the number URL-encoded). */
function trackingUrlFor(carrier: Carrier, trackingNumber: string): string {
  return carrier.trackingUrlTemplate.replace("{n}", encodeURIComponent(trackingNumber.trim()));
}

/**
 * A row of tracking as a file gives it, checked whole: the carrier's name as kept (a known
 * carrier's own spelling) and the tracking link (resolveCarrier's rule). An error message when the
 * carrier or number is blank or too long, the link is not an http(s) address, or the carrier is not
 * a known one and no link is given.
 */
export function checkTracking(name: string | null | undefined, trackingNumber: string | null | undefined, trackingUrl?: string | null): ResolvedCarrier {
  const carrierName = name?.trim() ?? "";
  const number = trackingNumber?.trim() ?? "";
  const link = trackingUrl?.trim() ?? "";
  if (carrierName === "" && number === "") return { error: "The carrier and the tracking number are missing" };
  if (carrierName === "") return { error: "The carrier is missing" };
  if (number === "") return { error: "The tracking number is missing" };
  if (carrierName.length > CARRIER_MAX_LENGTH) return { error: `The carrier's name is longer than ${CARRIER_MAX_LENGTH} characters` };
  if (number.length > TRACKING_NUMBER_MAX_LENGTH) return { error: `The tracking number is longer than ${TRACKING_NUMBER_MAX_LENGTH} characters` };
  let url: string | null = null;
  if (link !== "") {
    const parsed = webAddress(link);
    if (!parsed || link.length > TRACKING_URL_MAX_LENGTH) return { error: `The tracking URL "${clip(link)}" is not an http or https address` };
    url = parsed.toString();
  }
  const resolved = resolveCarrier({ carrier: carrierName, trackingNumber: number, trackingUrl: url }, { linkRequired: true });
  return resolved.ok ? { carrier: resolved.carrier, trackingUrl: resolved.trackingUrl! } : { error: resolved.message };
}

/**
 * The carrier as kept and the link the customer follows, from tracking already checked field by
 * field: a listed carrier under its own spelling, its link built from the number unless one is
 * given; another carrier as named, with the link given. `linkRequired` (staff, integrations, a
 * file) refuses another carrier without a link; a print partner's shipment is kept as reported.
 */
export function resolveCarrier(
  input: { carrier: string; trackingNumber: string; trackingUrl: string | null },
  { linkRequired }: { linkRequired: boolean },
): { ok: true; carrier: string; trackingUrl: string | null } | { ok: false; message: string } {
  const name = input.carrier.trim();
  const known = knownCarrier(name);
  if (known) return { ok: true, carrier: known.name, trackingUrl: input.trackingUrl ?? trackingUrlFor(known, input.trackingNumber) };
  if (input.trackingUrl === null && linkRequired) return { ok: false, message: otherCarrierNeedsLink(name) };
  return { ok: true, carrier: name, trackingUrl: input.trackingUrl };
}

/** A long value shortened for a message. */
const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);
