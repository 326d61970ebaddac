// The carriers staff ship with, and the tracking link each builds from a tracking number (pure).
// A carrier off the list ("Other") has no link to build: staff give the carrier's tracking page.

export interface Carrier {
  /** As shown to staff and customers. */
  name: string;
  /** The tracking page, `{n}` standing for the URL-encoded tracking number. */
  trackingUrlTemplate: string;
}

export const CARRIERS: readonly Carrier[] = [
  { name: "USPS", trackingUrlTemplate: "https://tools.usps.com/go/TrackConfirmAction?tLabels={n}" },
  { name: "UPS", trackingUrlTemplate: "https://www.ups.com/track?tracknum={n}" },
  { name: "FedEx", trackingUrlTemplate: "https://www.fedex.com/fedextrack/?trknbr={n}" },
  { name: "DHL", trackingUrlTemplate: "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}" },
];

const squash = (name: string) => name.replace(/[\s.-]+/g, "").toLowerCase();

/** The listed carrier a name means ("fedex", "Fed Ex" and "FEDEX" are FedEx); null for another. */
export function knownCarrier(name: string): Carrier | null {
  const key = squash(name);
  return CARRIERS.find((c) => squash(c.name) === key) ?? null;
}

export const OTHER_CARRIER_NEEDS_LINK = `A carrier other than ${CARRIERS.map((c) => c.name).join(", ")} needs its tracking URL`;

export type ResolvedCarrier = { ok: true; carrier: string; trackingUrl: string | null } | { ok: false; message: string };

/**
 * The carrier as kept and the link the customer follows: a listed carrier under its own name, its
 * link built from the number unless one is given; another carrier as named, with the link given.
 * `linkRequired` (staff and integrations) refuses another carrier without a link; a print partner's
 * shipment is kept whatever it says.
 */
export function resolveCarrier(
  input: { carrier: string; trackingNumber: string; trackingUrl: string | null },
  { linkRequired }: { linkRequired: boolean },
): ResolvedCarrier {
  const name = input.carrier.trim();
  const known = knownCarrier(name);
  if (known) {
    const built = known.trackingUrlTemplate.replace("{n}", encodeURIComponent(input.trackingNumber.trim()));
    return { ok: true, carrier: known.name, trackingUrl: input.trackingUrl ?? built };
  }
  if (input.trackingUrl === null && linkRequired) return { ok: false, message: OTHER_CARRIER_NEEDS_LINK };
  return { ok: true, carrier: name, trackingUrl: input.trackingUrl };
}
