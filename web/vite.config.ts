import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The client builds into web/dist, which the gateway serves on the same origin.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:3000",
      "/graphql": "http://127.0.0.1:3000",
      "/media": "http://127.0.0.1:3000",
    },
  },
});
