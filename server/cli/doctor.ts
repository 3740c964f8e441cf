/*
 * `npm run doctor`: reads the configuration from the environment as `npm start` would, prints what
 * it found (public URL, address, database, files, payments, mail, secret…) and the production check
 * of production-check.ts, then exits without starting anything. Exit codes: 0 the shop may start as
 * configured, 1 a setting cannot work or a public shop is not ready (each problem listed).
 */
import { ConfigError, readConfig } from "../config";
import { describeConfig, productionProblems } from "../production-check";

let config;
try {
  config = readConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Ottisk doctor: the configuration cannot work: ${error.message}`);
  process.exit(1);
}
console.log("Ottisk doctor: the configuration from the environment");
for (const line of describeConfig(config)) console.log(`  ${line}`);
const problems = productionProblems(config);
if (problems.length === 0) {
  console.log(config.loopback ? "OK: a shop on this machine (loopback); the production check applies once OTTISK_PUBLIC_URL is public." : "OK: ready to run in public.");
} else {
  console.log(`NOT READY: ${config.publicUrl} is public and ${problems.length === 1 ? "one thing is" : `${problems.length} things are`} missing:`);
  for (const problem of problems) console.log(`- ${problem}`);
  process.exitCode = 1;
}
