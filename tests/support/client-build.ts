import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** `vite build` of the client and of the gateway's page renderer into outDir (what `npm run build:web` makes in web/dist). */
export async function buildClient(outDir: string): Promise<void> {
  const vite = path.join(ROOT, "node_modules/vite/bin/vite.js");
  const builds = [
    ["build", "--config", "web/vite.config.ts", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
    ["build", "--config", "web/vite.config.ts", "--ssr", "src/entry-server.tsx", "--outDir", path.join(outDir, ".ssr"), "--emptyOutDir", "--logLevel", "warn"],
  ];
  for (const args of builds) {
    const child = spawn(process.execPath, [vite, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    if (code !== 0) throw new Error(`vite ${args.join(" ")} failed:\n${output}`);
  }
}
