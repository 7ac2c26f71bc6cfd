import type { FastifyInstance, FastifyPluginOptions } from 'fastify'

/**
 * Marks a module's plugin to run in the instance that registers it, not in a child scope (what
 * the fastify-plugin package does, through the same `skip-override` marker): its decorations
 * and hooks reach every module. Fastify then does not apply a `prefix` option; the plugin passes
 * `options.prefix` on to its own routes.
 */
export function rootPlugin<O extends FastifyPluginOptions>(
  plugin: (app: FastifyInstance, options: O) => Promise<void>,
) {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true })
}
