import type { CartLineAttribute } from "./lineAttributes";
import { lineKey, type LocalCartLine } from "./localCart";

/** A line of the server cart, as the mirror needs it. */
export interface ServerLine {
  lineId: string;
  merchandiseId: string;
  quantity: number;
  attributes: CartLineAttribute[];
}

export interface LineToAdd {
  key: string;
  merchandiseId: string;
  quantity: number;
  attributes: CartLineAttribute[];
}

/** The changes that make the server cart hold what the local cart holds. */
interface CartPlan {
  remove: string[];
  update: { id: string; quantity: number }[];
  add: LineToAdd[];
}

function serverLineKey(line: ServerLine): string {
  return lineKey({ id: line.merchandiseId, customAttributes: line.attributes });
}

/**
 * Compares the two carts line by line (a line is a variant with its custom attributes, on both
 * sides): server lines the shopper no longer has go, quantities that differ are set, and lines the
 * server lacks are added. Lines the gateway refused before (`refused`, by key) are not offered again.
 */
export function planServerCart(local: LocalCartLine[], server: ServerLine[], refused: ReadonlySet<string> = new Set()): CartPlan {
  const wanted = new Map<string, LineToAdd>();
  for (const line of local) {
    const key = lineKey(line);
    const quantity = (wanted.get(key)?.quantity ?? 0) + line.quantity;
    wanted.set(key, { key, merchandiseId: line.id, quantity, attributes: line.customAttributes ?? [] });
  }
  const plan: CartPlan = { remove: [], update: [], add: [] };
  const present = new Set<string>();
  for (const line of server) {
    const key = serverLineKey(line);
    const target = wanted.get(key);
    if (!target || present.has(key)) {
      plan.remove.push(line.lineId);
      continue;
    }
    present.add(key);
    if (target.quantity !== line.quantity) plan.update.push({ id: line.lineId, quantity: target.quantity });
  }
  for (const [key, line] of wanted) {
    if (!present.has(key) && !refused.has(key)) plan.add.push(line);
  }
  return plan;
}

export function isEmptyPlan(plan: CartPlan): boolean {
  return plan.remove.length === 0 && plan.update.length === 0 && plan.add.length === 0;
}
