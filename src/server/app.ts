import Fastify, { type FastifyInstance } from 'fastify'
import formbody from '@fastify/formbody'
import rateLimit from '@fastify/rate-limit'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import { requestTimedServer } from './request-timeout.ts'
import { fastifyTrustProxy } from './trust-proxy.ts'
import type { Db } from './db/open.ts'
import { registerErrorHandler } from './plugins/error-handler.ts'
import { registerSecurity } from './plugins/security.ts'
import { registerOpenApi } from './plugins/openapi.ts'
import { registerStatic } from './plugins/static.ts'
import { registerAuthentication } from './plugins/authenticate.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { authRoutes } from './modules/auth/routes.ts'
import { contentRoutes } from './modules/content/routes.ts'
import { prerenderFor } from './modules/content/prerender.ts'
import { leavingRoutes } from './modules/leaving/routes.ts'
import { menuRoutes } from './modules/menu/routes.ts'
import { seoRoutes } from './modules/seo/routes.ts'
import { registerRealtime } from './realtime/register.ts'
import { registerNotices } from './modules/notices/routes.ts'
import { postCommonRoutes } from './modules/post-common/routes.ts'
import { registerOrders } from './modules/orders/routes.ts'
import { registerProduction } from './modules/production/routes.ts'
import { registerSupplierForms } from './modules/supplier-forms/routes.ts'
import { registerGridExcel } from './modules/grid-excel/routes.ts'
import { contentAdminRoutes } from './modules/content-admin/routes.ts'
import { wechatAdminRoutes } from './modules/wechat/admin-routes.ts'
import { uploadRoutes } from './modules/uploads/upload.ts'
import { translateRoutes } from './modules/translate/routes.ts'
import { systemRoutes } from './modules/system/routes.ts'

export type AppDeps = {
  config: Config
  db: Db
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
  }
}

/** Builds the whole application without listening, so tests can drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.token'] },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // a request must arrive whole within REQUEST_TIMEOUT_SECONDS (slow senders are cut off)
    serverFactory: (handler) => requestTimedServer(handler, config.requestTimeoutMs),
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>()

  app.decorate('deps', deps)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)
  registerAuthentication(app)
  await registerSecurity(app)
  await app.register(formbody, { bodyLimit: 1024 * 1024 })
  await app.register(rateLimit, { global: false })
  await registerOpenApi(app, config)

  await app.register(healthRoutes)
  await app.register(authRoutes)
  await app.register(contentRoutes, { prefix: config.apiPrefix })
  await app.register(leavingRoutes, { prefix: config.apiPrefix })
  await app.register(menuRoutes, { prefix: config.apiPrefix })
  await app.register(seoRoutes)
  await registerRealtime(app)
  await registerNotices(app, config.apiPrefix)
  await app.register(postCommonRoutes, { prefix: config.apiPrefix })
  await registerOrders(app, config.apiPrefix)
  await registerProduction(app, config.apiPrefix)
  await registerSupplierForms(app, config.apiPrefix)
  await registerGridExcel(app, config.apiPrefix)
  await app.register(contentAdminRoutes, { prefix: config.apiPrefix })
  await app.register(wechatAdminRoutes, { prefix: config.apiPrefix })
  await app.register(uploadRoutes, { prefix: config.apiPrefix })
  await app.register(translateRoutes, { prefix: config.apiPrefix })
  await app.register(systemRoutes, { prefix: config.apiPrefix })

  await registerStatic(app, config, (url) => prerenderFor(deps.db.db, url))
  return app
}
