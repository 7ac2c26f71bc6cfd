/**
 * The endpoints anyone may call without signing in. A route without a declared permission is
 * public by design (plugins/authenticate.ts), so this list is the only place that says which
 * ones are meant to be: `public-endpoints.test.ts` walks the whole route table and requires
 * every other route, and every PostCommon operation, to answer 401 to an anonymous caller.
 * Adding a public endpoint means adding it here, on purpose.
 */
export const publicRoutes: readonly string[] = [
  // service
  'GET /healthz',
  'GET /readyz',
  'GET /api/openapi.json',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /products/products',
  'GET /',
  'GET /uploads/*',
  // the demo pictures, served from the package folder by every instance
  'GET /uploads/demo/*',
  // sign-in, refresh (carries its own refresh token), sign-out, registration
  'POST /api/User/Login',
  'GET /api/User/RefreshToken',
  'POST /api/User/RefreshToken',
  'GET /api/publicKey',
  'GET /publicKey',
  'POST /api/register',
  'POST /register',
  'GET /api/logout',
  'GET /logout',
  // phone codes (rate-limited per number and address) and phone sign-in; whether sign-up is open
  'POST /api/User/SendSmsCode',
  'POST /api/User/PhoneLogin',
  'GET /api/User/SignUpOptions',
  // WeChat sign-in (the WeChat code or a one-time choice ticket stands for the user)
  'GET /api/User/WxAuthorizeUrl',
  'POST /api/User/WxLogin',
  'POST /api/User/ChooseWxLogin',
  'POST /api/User/WxBind',
  'POST /socialLogin',
  // the local WeChat stand-in's authorize page (only with WECHAT_STANDIN=true, never in production)
  'GET /wechat-standin/authorize',
  // the public website's reads
  'GET /api/CommonData/GetList',
  'POST /api/CommonData/GetList',
  'GET /api/CommonData/GetProductList',
  'POST /api/CommonData/GetProductList',
  'GET /api/CommonData/Get',
  'POST /api/CommonData/Get',
  'GET /api/Content/Carousel',
  'POST /api/Content/Carousel',
  'GET /api/Content/Contact',
  'POST /api/Content/Contact',
  'GET /api/Content/About',
  'POST /api/Content/About',
  'GET /api/News/GetList',
  'POST /api/News/GetList',
  'GET /api/News/Get',
  'POST /api/News/Get',
  'GET /api/Equipment/GetList',
  'POST /api/Equipment/GetList',
  // the content version stamp: a visitor's client drops kept public reads when it changes
  'GET /api/Content/Version',
  'POST /api/Content/Version',
  // visitors' writes: leave a message (rate-limited), the supplier form of the public site
  'POST /api/PostData/PostFrontCommon',
  'POST /FormZhengao/SupplierForm/Add',
  // the realtime socket authenticates in its first message
  'GET /ws',
]

/** PostCommon operations an anonymous caller may run: none. */
export const publicOperations: readonly string[] = []
