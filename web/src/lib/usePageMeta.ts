// The screens' head (title, description, canonical, previews, JSON-LD) lives in pageHead.tsx.
export { SHOP_NAME, usePageMeta } from "./pageHead";
