// The screens' head (title, description, canonical, previews, JSON-LD) lives in pageHead.tsx.
export { SHOP_NAME, summarize, usePageHead, usePageMeta } from "./pageHead";
