/**
 * The public contract's answer schemas (`zod/mini`, src/shared/contract/content.ts), reached
 * through this module so that they load on first use instead of with the page: a page the
 * server rendered starts from its embedded data and parses nothing, so zod's code (about 7 KB
 * gzip) and the schemas' construction stay off a visitor's first load and main thread (issue
 * 17). The service worker precaches this chunk with the public site (scripts/vite-chunk-graph.ts).
 */
export {
  aboutResponse,
  carouselResponse,
  categoryListResponse,
  contactResponse,
  contentVersionResponse,
  equipmentListResponse,
  newsDetailResponse,
  newsListResponse,
  productDetailResponse,
  productListResponse,
} from '#shared/contract/content'
