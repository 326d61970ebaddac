/**
 * At least as many bytes as `value` takes as JSON (UTF-8), worked out without writing it: every
 * UTF-16 unit of a string counts 6 bytes (a control character's `\uXXXX` escape; no character takes
 * more in UTF-8), a number 25 (the longest a double is written, -0.0000012345678901234567). The walk gives up, answering
 * Infinity, at anything whose JSON is not its own fields (an object with toJSON, a Map, a class
 * instance other than a plain object or array), or once the count passes `atMost`.
 */
export function jsonBytesBound(value: unknown, atMost: number): number {
  let total = 0;
  const visit = (item: unknown): boolean => {
    switch (typeof item) {
      case "string":
        total += 6 * item.length + 2;
        break;
      case "number":
        total += 25;
        break;
      case "boolean":
      case "undefined":
        total += 5;
        break;
      case "object": {
        if (item === null) {
          total += 4;
          break;
        }
        if (Array.isArray(item)) {
          total += 2 + item.length;
          for (const element of item) if (!visit(element)) return false;
          break;
        }
        const prototype = Object.getPrototypeOf(item) as object | null;
        if ((prototype !== Object.prototype && prototype !== null) || typeof (item as { toJSON?: unknown }).toJSON === "function") return false;
        total += 2;
        for (const key in item) {
          if (!Object.hasOwn(item, key)) continue;
          total += 6 * key.length + 4;
          if (!visit((item as Record<string, unknown>)[key])) return false;
        }
        break;
      }
      default:
        return false;
    }
    return total <= atMost;
  };
  return visit(value) ? total : Infinity;
}
