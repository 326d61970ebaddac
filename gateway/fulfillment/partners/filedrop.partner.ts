import fs from "node:fs/promises";
import path from "node:path";
import type { FulfillmentPartner, PartnerOrder, PrintFileBody, PrintFileSource } from "./partner.records.js";

/**
 * FULFILLMENT_PARTNER=filedrop (the default; nothing leaves the machine): each paid order becomes a
 * package under DATA_DIR/fulfillment/{order number}/: its print files, then order.json, written
 * last and renamed into place, so a package with an order.json is complete. Writing it again (a
 * retried job) replaces the same files: one package per order, whatever happens. An order cancelled
 * after its package was written gets a CANCELLED.txt in it.
 */
export class FiledropPartner implements FulfillmentPartner {
  readonly name = "filedrop" as const;

  constructor(
    private readonly rootDir: string,
    private readonly readPrintFile: (source: PrintFileSource) => Promise<PrintFileBody>,
  ) {}

  packageDir(orderNumber: number): string {
    return path.join(this.rootDir, String(orderNumber));
  }

  /**
   * A cancelled order's package gets a CANCELLED.txt beside its order.json, telling whoever prints
   * from the folder not to print it. The package itself stays, for the record.
   */
  async withdraw(order: { id: string; orderNumber: number }): Promise<"withdrawn"> {
    const dir = this.packageDir(order.orderNumber);
    await fs.mkdir(dir, { recursive: true });
    await writeAtomically(path.join(dir, "CANCELLED.txt"), Buffer.from(`Order #${order.orderNumber} (${order.id}) was cancelled by the shop on ${new Date().toISOString()}: do not print it.\n`));
    return "withdrawn";
  }

  async submit(order: PartnerOrder): Promise<{ externalId: string | null }> {
    const dir = this.packageDir(order.orderNumber);
    await fs.mkdir(dir, { recursive: true });
    for (const line of order.lines) {
      const file = await this.readPrintFile(line.printFile);
      await writeAtomically(path.join(dir, line.printFile.fileName), file.body);
    }
    const manifest = {
      orderId: order.id,
      orderNumber: order.orderNumber,
      email: order.email,
      recipient: order.recipient,
      lines: order.lines.map((l) => ({
        position: l.position,
        product: l.productHandle,
        title: l.productTitle,
        variant: l.variantTitle,
        variantId: l.variantId,
        quantity: l.quantity,
        printFile: l.printFile.fileName,
      })),
    };
    await writeAtomically(path.join(dir, "order.json"), Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    return { externalId: path.relative(path.dirname(this.rootDir), dir) };
  }
}

async function writeAtomically(file: string, body: Buffer) {
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, body);
  await fs.rename(temporary, file);
}
