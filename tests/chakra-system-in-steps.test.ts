import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { Plugin } from "vite";
import { chakraSystemInSteps } from "../web/vite.config";

// The client build splits Chakra's createSystem() in steps (web/vite.config.ts): a system
// created in steps must be the very system created in one.
const SYSTEM = path.resolve(import.meta.dirname, "../node_modules/@chakra-ui/react/dist/esm/styled-system/system.js");
// Beside the original, so that its relative imports (Chakra's other modules) resolve to the same files.
const PATCHED = SYSTEM.replace(/system\.js$/, `system.in-steps-${process.pid}.test.mjs`);

type CreateSystem = ((...configs: unknown[]) => Record<string, unknown>) & { prepare?: (...configs: unknown[]) => void };

function transform(code: string): string {
  const plugin = chakraSystemInSteps() as Plugin & { transform(this: unknown, code: string, id: string): string | null };
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
  };
  return plugin.transform.call(context, code, SYSTEM)!;
}

describe("Chakra's createSystem in steps (client build)", () => {
  afterAll(() => fs.rmSync(PATCHED, { force: true }));

  it("creates, after prepare() twice (merge, then tokens), the same system as Chakra's own createSystem()", async () => {
    fs.writeFileSync(PATCHED, transform(fs.readFileSync(SYSTEM, "utf8")));
    const { createSystem: patched } = (await import(pathToFileURL(PATCHED).href)) as { createSystem: CreateSystem };
    const { createSystem: original } = (await import(pathToFileURL(SYSTEM).href)) as { createSystem: CreateSystem };
    const { defaultConfig, defineConfig } = await import("@chakra-ui/react");
    const shop = defineConfig({ theme: { tokens: { colors: { brand: { 500: { value: "#3c5a91" } } } }, semanticTokens: { colors: { brand: { solid: { value: { _light: "{colors.brand.500}", _dark: "white" } } } } } } });

    expect(typeof patched.prepare).toBe("function");
    patched.prepare!(defaultConfig, shop);
    patched.prepare!(defaultConfig, shop);
    const twoSteps = patched(defaultConfig, shop);
    const oneStep = original(defaultConfig, shop);
    // A second system from the same configs is built from scratch (what prepare() kept was used once).
    const again = patched(defaultConfig, shop);

    const style = { color: "brand.solid", p: 4, _hover: { bg: "gray.100" }, md: { m: "-2" }, textStyle: "sm" };
    for (const system of [twoSteps, again]) {
      const css = system.css as (style: object) => unknown;
      expect(css(style)).toEqual((oneStep.css as (style: object) => unknown)(style));
      expect((system.getTokenCss as () => unknown)()).toEqual((oneStep.getTokenCss as () => unknown)());
      expect((system.tokens as { allTokens: unknown[] }).allTokens).toEqual((oneStep.tokens as { allTokens: unknown[] }).allTokens);
    }
    expect(twoSteps.tokens).not.toBe(again.tokens);
  });

  it("uses what prepare() did for the next system created from the very same config objects, and only for it", async () => {
    fs.writeFileSync(PATCHED, transform(fs.readFileSync(SYSTEM, "utf8")));
    const { createSystem } = (await import(pathToFileURL(PATCHED).href)) as { createSystem: CreateSystem };
    const { defaultConfig } = await import("@chakra-ui/react");
    const brand = { value: "#3c5a91" };
    const shop = { theme: { tokens: { colors: { brand: { 500: brand } } } } };
    const token = (system: Record<string, unknown>) => (system.token as (path: string) => string)("colors.brand.500");

    // Prepared before the change: the merged config (and the tokens) are prepare()'s.
    createSystem.prepare!(defaultConfig, shop);
    brand.value = "#000000";
    expect(token(createSystem(defaultConfig, shop))).toBe("#3c5a91");
    expect(token(createSystem(defaultConfig, shop))).toBe("#000000");
    createSystem.prepare!(defaultConfig, shop);
    createSystem.prepare!(defaultConfig, shop);
    brand.value = "#3c5a91";
    expect(token(createSystem(defaultConfig, shop))).toBe("#000000");
    // Other config objects (even with the same content): built from scratch.
    createSystem.prepare!(defaultConfig, shop);
    brand.value = "#ffffff";
    expect(token(createSystem(defaultConfig, { ...shop }))).toBe("#ffffff");
  });

  it("stops the build when Chakra's source no longer has the lines it rewrites", () => {
    expect(() => transform("export function createSystem() {}")).toThrow(/chakraSystemInSteps/);
  });
});
