// The TanStack Router generator's options: one copy for vite.config.ts (the plugin) and
// scripts/gen-routes.mjs (typecheck without a build).
export const routerConfig = {
  target: 'react',
  autoCodeSplitting: true,
  routesDirectory: './src/client/routes',
  generatedRouteTree: './src/client/routeTree.gen.ts',
  quoteStyle: 'single',
}
