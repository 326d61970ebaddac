import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser } from "playwright-core";

// What Lighthouse's and axe's accessibility audits found stays fixed. axe-core runs in
// Chromium, passed to the page through DevTools (which the shop's script policy does not apply to).
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** axe's violations on each path, at one width, in both themes. */
export async function axeViolations(browser: Browser, baseURL: string, paths: string[], width: number): Promise<string[]> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const found: string[] = [];
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto("/about");
    // The cart page with a line in it (a stand-in variant: the page only shows it).
    await page.evaluate(`localStorage.setItem("cart", JSON.stringify([{ id: "v-axe", title: "Axe Tee", image: "", price: 24.99, quantity: 2 }]))`);
    for (const theme of ["light", "dark"]) {
      await page.evaluate(`localStorage.setItem("theme", "${theme}")`);
      for (const path of paths) {
        await page.goto(path, { waitUntil: "networkidle" });
        await page.locator("#main h1").first().waitFor();
        await page.evaluate(axeSource);
        const { violations } = (await page.evaluate(`axe.run(document, { resultTypes: ["violations"] })`)) as { violations: Violation[] };
        found.push(...violations.map((v) => `${theme} ${width}px ${path}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
      }
    }
  } finally {
    await context.close();
  }
  return found;
}

