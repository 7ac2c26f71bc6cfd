import Fastify, { type FastifyInstance } from 'fastify'
import formbody from '@fastify/formbody'
import rateLimit from '@fastify/rate-limit'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { AppDeps } from './app-deps.ts'
import { requestTimedServer } from './request-timeout.ts'
import { fastifyTrustProxy } from './trust-proxy.ts'
import { loggerOptions, type LogStream } from './logging.ts'
import { registerErrorHandler } from './plugins/error-handler.ts'
import { registerSecurity } from './plugins/security.ts'
import { registerOpenApi } from './plugins/openapi.ts'
import { registerStatic } from './plugins/static.ts'
import { baseRewrite, registerBasePath } from './plugins/base-path.ts'
import { registerAuthentication } from './plugins/authenticate.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { createLimiterStore } from './modules/auth/limiter-store.ts'
import { rateLimitStore } from './modules/auth/rate-limit-store.ts'
import { createUploadStore } from './modules/uploads/store.ts'
import { authRoutes } from './modules/auth/routes.ts'
import { contentRoutes } from './modules/content/routes.ts'
import { publicPageRenderer } from './modules/seo/render-page.ts'
import { leavingRoutes } from './modules/leaving/routes.ts'
import { menuRoutes } from './modules/menu/routes.ts'
import { legacyRedirects } from './modules/seo/legacy-redirects.ts'
import { seoRoutes } from './modules/seo/routes.ts'
import { realtimeRoutes } from './realtime/register.ts'
import { pushRoutes } from './modules/push/routes.ts'
import { noticeRoutes } from './modules/notices/routes.ts'
import { postCommonRoutes } from './modules/post-common/routes.ts'
import { orderRoutes } from './modules/orders/routes.ts'
import { productionRoutes } from './modules/production/routes.ts'
import { supplierFormAddRoute } from './modules/supplier-forms/add.ts'
import { supplierFormRoutes } from './modules/supplier-forms/routes.ts'
import { gridExcelRoutes } from './modules/grid-excel/routes.ts'
import { historyRoutes } from './modules/history/routes.ts'
import { contentAdminRoutes } from './modules/content-admin/routes.ts'
import { wechatAdminRoutes } from './modules/wechat/admin-routes.ts'
import { uploadRoutes } from './modules/uploads/upload.ts'
import { translateRoutes } from './modules/translate/routes.ts'
import { systemRoutes } from './modules/system/routes.ts'
import { columnPrefsRoutes } from './modules/column-prefs/routes.ts'
import { configureLogLimits } from './modules/system/log-repository.ts'
import { smsSenderOf } from './modules/auth/sms-sender-of.ts'
import { createMetrics } from './metrics/metrics.ts'
import { registerHttpMetrics } from './metrics/http-metrics.ts'

/**
 * Builds the whole application without listening, so tests can drive it with `inject`.
 * `logStream` receives the (redacted) log lines instead of stdout.
 */
export async function buildApp(
  deps: AppDeps,
  { logStream }: { logStream?: LogStream } = {},
): Promise<FastifyInstance> {
  const { config } = deps
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // a request must arrive whole within REQUEST_TIMEOUT_SECONDS (slow senders are cut off)
    serverFactory: (handler) => requestTimedServer(handler, config.requestTimeoutMs),
    return503OnClosing: true,
    // BASE_PATH: the client's requests under the base reach the routes without it (base-path.ts)
    rewriteUrl: baseRewrite(config),
  }).withTypeProvider<ZodTypeProvider>()

  app.decorate('deps', deps)
  configureLogLimits(deps.db.db, { refusalsPerAddressPerHour: config.logRefusalsPerAddressPerHour })
  app.decorate('limits', createLimiterStore(deps.db, { memoryKeys: config.rateLimitMemoryKeys }))
  app.decorate('uploads', createUploadStore(deps.db, config.dataDir))
  app.decorate('sms', deps.sms ?? smsSenderOf(config.sms, app.log))
  const metrics = deps.metrics ?? createMetrics()
  metrics.watchDb(deps.db.usage)
  app.decorate('metrics', metrics)
  registerHttpMetrics(app, metrics)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // first of the request hooks: every answer carries the security headers, refusals included
  await registerSecurity(app)
  registerErrorHandler(app)
  registerAuthentication(app)
  registerBasePath(app, config)
  await app.register(formbody, { bodyLimit: 1024 * 1024 })
  await app.register(rateLimit, { global: false, store: rateLimitStore(app.limits) })
  await registerOpenApi(app, config)

  await app.register(healthRoutes)
  await app.register(authRoutes)
  await app.register(contentRoutes, { prefix: config.apiPrefix })
  await app.register(leavingRoutes, { prefix: config.apiPrefix })
  await app.register(menuRoutes, { prefix: config.apiPrefix })
  await app.register(seoRoutes)
  await app.register(legacyRedirects)
  await app.register(pushRoutes, { prefix: config.apiPrefix })
  await app.register(realtimeRoutes)
  await app.register(noticeRoutes, { prefix: config.apiPrefix })
  await app.register(postCommonRoutes, { prefix: config.apiPrefix })
  await app.register(orderRoutes, { prefix: config.apiPrefix })
  await app.register(productionRoutes, { prefix: config.apiPrefix })
  await app.register(supplierFormAddRoute)
  await app.register(supplierFormRoutes, { prefix: config.apiPrefix })
  await app.register(gridExcelRoutes, { prefix: config.apiPrefix })
  await app.register(contentAdminRoutes, { prefix: config.apiPrefix })
  await app.register(wechatAdminRoutes, { prefix: config.apiPrefix })
  await app.register(uploadRoutes, { prefix: config.apiPrefix })
  await app.register(translateRoutes, { prefix: config.apiPrefix })
  await app.register(systemRoutes, { prefix: config.apiPrefix })
  await app.register(columnPrefsRoutes, { prefix: config.apiPrefix })
  await app.register(historyRoutes, { prefix: config.apiPrefix })

  await registerStatic(app, config, (shell) =>
    publicPageRenderer(deps.db.db, config.clientDir, shell, config.basePath, config.publicOrigin),
  )
  return app
}
