import { expect } from "vitest";
import type { Page } from "playwright-core";

// The design studio in the shopper's words. Page code is passed as strings: the
// gateway's tsconfig has no DOM types.

/** Width and height from a PNG's IHDR chunk; null when the bytes are not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

export const studio = {
  preview(page: Page) {
    return page.getByRole("img", { name: /^Design preview:/ });
  },
  async openTab(page: Page, name: "Product" | "Text" | "Design") {
    await page.getByRole("tab", { name }).click();
    await expect.poll(() => page.getByRole("tab", { name }).getAttribute("aria-selected")).toBe("true");
  },
  async chooseProduct(page: Page, productId: string) {
    await studio.openTab(page, "Product");
    await page.getByRole("combobox", { name: "Product" }).selectOption(productId);
  },
  async setText(page: Page, text: string) {
    await studio.openTab(page, "Text");
    await page.getByRole("textbox", { name: "Text", exact: true }).fill(text);
  },
  /** The size slider moved from the keyboard, as a keyboard user would. */
  async setTextSize(page: Page, size: number) {
    const slider = page.getByRole("slider", { name: "Text size" });
    await slider.focus();
    for (let current = Number(await slider.inputValue()); current !== size; current = Number(await slider.inputValue())) {
      await slider.press(current < size ? "ArrowRight" : "ArrowLeft");
    }
  },
  async setTextColor(page: Page, hex: string) {
    await page.getByRole("textbox", { name: "Text color (hex code)" }).fill(hex);
  },
  async choose(page: Page, group: "Position" | "Alignment", value: string) {
    const button = page.getByRole("group", { name: group }).getByRole("button", { name: value, exact: true });
    await button.click();
    await expect.poll(() => button.getAttribute("aria-pressed")).toBe("true");
  },
  /**
   * How many pixels of the 600×600 preview within rows [top, bottom) are (nearly) the given colour:
   * proof that something was drawn there, in that colour.
   */
  async pixelsOfColor(page: Page, hex: string, top: number, bottom: number): Promise<number> {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return page.evaluate(`(() => {
      const canvas = document.querySelector('canvas[aria-label^="Design preview:"]');
      const data = canvas.getContext("2d").getImageData(0, ${top}, 600, ${bottom - top}).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - ${r}) < 24 && Math.abs(data[i + 1] - ${g}) < 24 && Math.abs(data[i + 2] - ${b}) < 24) count++;
      }
      return count;
    })()`);
  },
};
