import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// Libraries every screen needs get chunks of their own, so a deploy that changes only the shop's
// code leaves them cached. Chakra stays with the automatic split: grouping it would pull the
// components only lazily loaded screens use (dialogs, tabs…) into the first visit.
const VENDOR_GROUPS = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: "router", test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
  { name: "apollo", test: /node_modules[\\/](@apollo|graphql|rxjs|@wry|optimism|tslib|@graphql-typed-document-node)[\\/]/ },
];

// The client builds into web/dist, which the gateway serves on the same origin. The manifest lets
// scripts/bundle-size.mjs add up what a first visit downloads.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:3000",
      "/graphql": "http://127.0.0.1:3000",
      "/media": "http://127.0.0.1:3000",
      "/designs": "http://127.0.0.1:3000",
      "/store": "http://127.0.0.1:3000",
    },
  },
});
