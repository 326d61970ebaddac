import { printFileSize, type PrintAreaRecord } from "./product-mockups.records.js";

// A print area at the edge: the record with its print file's size (the same shape for the shop's
// PrintArea, staff's AdminPrintArea and REST's JSON).

export interface PrintAreaView extends PrintAreaRecord {
  printWidthPx: number;
  printHeightPx: number;
}

export function toPrintArea(area: PrintAreaRecord): PrintAreaView {
  const file = printFileSize(area);
  return { ...area, printWidthPx: file.width, printHeightPx: file.height };
}
