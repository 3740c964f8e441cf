import Fastify from "fastify";

/*
 * The reference of `npm run bench:api`: a bare Fastify route answering a small constant JSON, in a
 * process of its own, so the benchmark compares the listing with what this machine's Node and
 * Fastify can do at best.
 */
const app = Fastify({ logger: false });
app.get("/bare", async () => ({ ok: true }));
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`LISTENING ${address}\n`);
