/**
 * zod 4 compiles object schemas with `new Function` when it may, and probes for that with a test
 * `Function('')` as each object schema is built. Our Content Security Policy (script-src 'self',
 * no 'unsafe-eval', src/server/app.ts) refuses it, so the browser logged a CSP violation on every
 * page (Lighthouse best practices). The client parses little (development checks, forms, socket
 * messages): it runs zod without the compiler.
 *
 * zod keeps its global configuration on `globalThis.__zod_globalConfig` (zod takes over an object
 * already there), so this sets it without importing zod: zod stays out of the first paint's chunk.
 * Imported first by main.tsx, before any schema exists. zod-jitless.test.ts checks zod still reads it.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
