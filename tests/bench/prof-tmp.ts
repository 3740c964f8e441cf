import autocannon from "autocannon";
import { spawn } from "node:child_process";
const child = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir", ".tmp/prof", "--import", "tsx", "tests/bench/api-server.ts", ".tmp/probe-db"], { stdio: ["ignore", "pipe", "inherit"] });
const url: string = await new Promise((r) => child.stdout!.on("data", (c: Buffer) => { const m = /LISTENING (\S+)/.exec(c.toString()); if (m) r(m[1]!); }));
await autocannon({ url: url + "/api/public/product", connections: 20, duration: 6 });
child.kill("SIGINT");
await new Promise((r) => child.once("exit", r));
