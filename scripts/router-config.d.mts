export declare const routerConfig: {
  target: 'react'
  autoCodeSplitting: boolean
  routesDirectory: string
  generatedRouteTree: string
  quoteStyle: 'single'
}
