/**
 * The live runtime is a named plugin ('live-runtime', modules/live/runtime.ts), and every module whose code
 * reaches `app.live` names it in its plugin's dependencies, so that Fastify refuses to boot an app
 * where such a module comes before the runtime, or without it (docs/decisions/0056).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyPluginCallback } from 'fastify';
import { NO_SHOW_RULE_DEFAULTS } from '@shared/domain/no-shows';
import { describe, expect, it } from 'vitest';

const modules = new URL('./modules/', import.meta.url);

/** The modules whose source (tests aside) reaches the runtime: `app.live`, `req.server.live`, ... */
function liveUsers(): string[] {
  return readdirSync(modules, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .filter((m) =>
      readdirSync(new URL(`${m}/`, modules)).some(
        (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'runtime.ts' && /\.live\b/.test(readFileSync(new URL(`${m}/${f}`, modules), 'utf8')),
      ),
    )
    .sort();
}

describe("the modules that use app.live depend on 'live-runtime'", () => {
  it('finds them (the search itself)', () => {
    expect(liveUsers()).toEqual(expect.arrayContaining(['door', 'live', 'matching', 'messages', 'tickets']));
  });

  it.each(liveUsers())('%s: its routes plugin registered without the runtime, Fastify refuses to boot', async (m) => {
    const exported = Object.entries((await import(/* @vite-ignore */ fileURLToPath(new URL(`${m}/routes.ts`, modules)))) as Record<string, unknown>).filter(
      ([name]) => name.endsWith('Routes'),
    );
    expect(exported.length).toBeGreaterThan(0);
    for (const [, plugin] of exported) {
      const app = Fastify({ logger: false });
      app.register(plugin as FastifyPluginCallback);
      await expect(app.ready()).rejects.toMatchObject({
        code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
        message: expect.stringContaining("The dependency 'live-runtime' of plugin"),
      });
    }
  });

  it('the runtime registered after a module that uses it: refused too (order matters, not presence)', async () => {
    const [{ doorRoutes }, { liveRuntime }] = await Promise.all([import('./modules/door/routes'), import('./modules/live/runtime')]);
    const app = Fastify({ logger: false });
    app.register(doorRoutes);
    app.register(liveRuntime, { publicUrl: 'http://localhost', noShowRule: NO_SHOW_RULE_DEFAULTS });
    await expect(app.ready()).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: "The dependency 'live-runtime' of plugin 'door' is not registered",
    });
  });
});
