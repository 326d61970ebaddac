import { webAddress } from "../shared/validation.js";

// The carriers the shop ships with and how a parcel's tracking link is made (pure). A known carrier
// (named in any case) needs only the tracking number: its link is built from the carrier's
// template. Any other carrier needs the link itself, an http or https address. Staff marking one
// order shipped and the tracking import read the same rule.

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

/** The known carrier of this name (any case, surrounding spaces ignored); undefined for any other. */
export function knownCarrier(name: string): Carrier | undefined {
  const wanted = name.trim().toLowerCase();
  return CARRIERS.find((c) => c.name.toLowerCase() === wanted);
}

/** The carrier's tracking page for this number (the number URL-encoded). */
function trackingUrlFor(carrier: Carrier, trackingNumber: string): string {
  return carrier.trackingUrlTemplate.replace("{n}", encodeURIComponent(trackingNumber.trim()));
}

/**
 * The carrier's name as kept (a known carrier's own spelling) and the tracking link: the one given
 * (checked, normalised) or, for a known carrier without one, built from its template. An error
 * message when the carrier or number is blank or too long, the link is not an http(s) address, or
 * the carrier is not a known one and no link is given.
 */
export function resolveCarrier(name: string | null | undefined, trackingNumber: string | null | undefined, trackingUrl?: string | null): ResolvedCarrier {
  const carrierName = name?.trim() ?? "";
  const number = trackingNumber?.trim() ?? "";
  const link = trackingUrl?.trim() ?? "";
  if (carrierName === "" && number === "") return { error: "The carrier and the tracking number are missing" };
  if (carrierName === "") return { error: "The carrier is missing" };
  if (number === "") return { error: "The tracking number is missing" };
  if (carrierName.length > CARRIER_MAX_LENGTH) return { error: `The carrier's name is longer than ${CARRIER_MAX_LENGTH} characters` };
  if (number.length > TRACKING_NUMBER_MAX_LENGTH) return { error: `The tracking number is longer than ${TRACKING_NUMBER_MAX_LENGTH} characters` };
  const known = knownCarrier(carrierName);
  if (link !== "") {
    const url = webAddress(link);
    if (!url || link.length > TRACKING_URL_MAX_LENGTH) return { error: `The tracking URL "${clip(link)}" is not an http or https address` };
    return { carrier: known?.name ?? carrierName, trackingUrl: url.toString() };
  }
  if (!known) return { error: `"${clip(carrierName)}" is not one of ${CARRIERS.map((c) => c.name).join(", ")}: give its tracking URL` };
  return { carrier: known.name, trackingUrl: trackingUrlFor(known, number) };
}

/** A long value shortened for a message. */
const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);
