import { describe, expect, it } from "vitest";
import { animationNames, pruneKeyframes, pruneTokenLayer, tokenLayer } from "./criticalTokens";
import { getSystem } from "./system";

const TOKENS =
  "@layer tokens{:where(html, .chakra-theme){--chakra-spacing-1\\.5:0.375rem;--chakra-spacing-4:1rem;--chakra-colors-red-500:#ef4444;" +
  "--chakra-colors-gray-800:#27272a;--chakra-colors-gray-200:#e4e4e7;--chakra-fonts-body:'Segoe UI', Roboto;--chakra-radii-xl:0.75rem}" +
  ":root,.light{--chakra-colors-fg:var(--chakra-colors-gray-800);--chakra-colors-border:#e2ddd2}" +
  ".dark,.dark .chakra-theme:not(.light){--chakra-colors-fg:var(--chakra-colors-gray-200);--chakra-colors-border:#2a3348}}";
const GLOBAL = `@layer reset{html{line-height:1.5;}}@layer base{html{color:var(--chakra-colors-fg);font-family:var(--chakra-fonts-body);}}${TOKENS}`;

describe("pruneTokenLayer", () => {
  it("keeps the variables the page's CSS and markup use, with every variable their values name, in both colour modes", () => {
    const classes = "@layer recipes{.css-a{gap:var(--chakra-spacing-1\\.5);--chakra-colors-color-palette-solid:var(--chakra-colors-red-500);}}";
    const pruned = pruneTokenLayer(GLOBAL, classes, '<div class="css-a" style="padding:var(--chakra-spacing-4)"></div>');
    expect(pruned).toBe(
      "@layer reset{html{line-height:1.5;}}@layer base{html{color:var(--chakra-colors-fg);font-family:var(--chakra-fonts-body);}}" +
        "@layer tokens{:where(html, .chakra-theme){--chakra-spacing-1\\.5:0.375rem;--chakra-spacing-4:1rem;--chakra-colors-gray-800:#27272a;" +
        "--chakra-colors-gray-200:#e4e4e7;--chakra-fonts-body:'Segoe UI', Roboto}" +
        ":root,.light{--chakra-colors-fg:var(--chakra-colors-gray-800)}" +
        ".dark,.dark .chakra-theme:not(.light){--chakra-colors-fg:var(--chakra-colors-gray-200)}}",
    );
  });

  it("keeps a palette shade that a used variable names, and drops rules left empty", () => {
    const classes = ".css-b{background:var(--chakra-colors-color-palette-solid);--chakra-colors-color-palette-solid:var(--chakra-colors-red-500);}";
    const pruned = pruneTokenLayer(GLOBAL, classes, "");
    expect(pruned).toContain("--chakra-colors-red-500:#ef4444");
    expect(pruned).not.toContain("--chakra-radii-xl");
    expect(pruned).not.toContain("--chakra-colors-border");
  });

  it("leaves CSS without a token layer as it is", () => {
    expect(pruneTokenLayer("@layer reset{html{margin:0;}}", "", "")).toBe("@layer reset{html{margin:0;}}");
  });
});

describe("tokenLayer", () => {
  it("is the whole token layer of the global CSS", () => {
    expect(tokenLayer(GLOBAL)).toBe(TOKENS);
    expect(tokenLayer("@layer reset{}")).toBeNull();
  });
});

describe("pruneKeyframes", () => {
  const KEYFRAMES =
    "@layer base{@keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}@keyframes ping{75%,100%{transform:scale(2);opacity:0;}}" +
    "@keyframes fade-in{from{opacity:0;}to{opacity:1;}}@keyframes fade-in-slow{from{opacity:0;}to{opacity:1;}}*{--x:1;}}";

  it("drops the keyframes nothing names as a whole word, and keeps everything else", () => {
    const pruned = pruneKeyframes(KEYFRAMES, '{"animation":"spin 1s"} {"animationName":"scale-in, fade-in"}');
    expect(pruned).toBe("@layer base{@keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}@keyframes fade-in{from{opacity:0;}to{opacity:1;}}*{--x:1;}}");
    expect(pruneKeyframes(KEYFRAMES, "")).toBe("@layer base{*{--x:1;}}");
    expect(pruneKeyframes("html{color:red}", "")).toBe("html{color:red}");
  });

  it("on the shop's theme, keeps every keyframe a recipe or animation style names and drops the nine none does", () => {
    const names = animationNames(getSystem()._config.theme);
    const all = Object.keys(getSystem()._config.theme?.keyframes ?? {});
    const css = all.map((name) => `@keyframes ${name}{from{opacity:0;}to{opacity:1;}}`).join("");
    const kept = [...pruneKeyframes(css, names).matchAll(/@keyframes ([\w-]+)/g)].map((m) => m[1]);
    expect(kept).toEqual(expect.arrayContaining(["spin", "pulse", "bg-position", "position", "fade-in", "fade-out", "scale-in", "slide-from-right-full", "slide-to-left-full", "slide-from-bottom"]));
    expect(all.filter((name) => !kept.includes(name)).sort()).toEqual(
      ["bounce", "circular-progress", "collapse-height", "collapse-width", "expand-height", "expand-width", "marqueeX", "marqueeY", "ping"].sort(),
    );
  });
});
