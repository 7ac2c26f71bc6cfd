import type { Config } from './config.ts'
import type { Db } from './db/open.ts'
import type { LimiterStore } from './modules/auth/limiter-store.ts'
import type { SmsSender } from './modules/auth/sms-sender.ts'
import type { UploadStore } from './modules/uploads/upload-store.ts'
import type { Metrics } from './metrics/metrics.ts'

/** What the application is built from (buildApp in app.ts); every route reads it as `app.deps`. */
export type AppDeps = {
  config: Config
  db: Db
  /** the SMS sender for phone codes (tests); without one, the sender SMS_SENDER chooses (sms-sender-of.ts) */
  sms?: SmsSender
  /** Prometheus figures (start.ts makes them when METRICS_PORT is set); else a registry nobody reads */
  metrics?: Metrics
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
    /** rate-limit counters: in PostgreSQL shared by every instance, else in this process */
    limits: LimiterStore
    /** uploaded files: in PostgreSQL shared by every instance, else DATA_DIR/uploads */
    uploads: UploadStore
    /** sends phone verification codes (deps.sms, or the one SMS_SENDER chooses: none, log, aliyun, tencent) */
    sms: SmsSender
    /** Prometheus figures of this server (metrics/metrics.ts), served on METRICS_PORT */
    metrics: Metrics
  }
}
