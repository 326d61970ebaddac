import { describe, expect, it } from "vitest";
import { pruneTokenLayer, tokenLayer } from "./criticalTokens";

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
