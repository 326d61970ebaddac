import { designFileUrl, type DesignRecord } from "./design.records.js";
import type { Design } from "./design.types.js";
import { printWarningFor } from "./print-quality.js";

/** A design as GraphQL answers it: on its own (`design`) and on an order's line. */
export function toDesign(record: DesignRecord): Design {
  return {
    id: record.id,
    previewUrl: designFileUrl(record.id, "preview"),
    printFileUrl: designFileUrl(record.id, "print"),
    preview: record.preview,
    print: record.print,
    state: JSON.stringify(record.state),
    printDpi: record.printDpi,
    printWarning: printWarningFor(record.printDpi),
  };
}
