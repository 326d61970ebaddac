/**
 * The `css` of a section on navy (hero, newsletter, footer): its focus rings in white (14:1 on
 * brand.900), as the brand's ring is under 3:1 there. Set on the palette's variable, which the
 * focused element's ring reads, rather than on `--focus-ring-color`, which each element sets itself.
 */
export const ON_NAVY = { "--chakra-colors-color-palette-focus-ring": "white" } as const;
