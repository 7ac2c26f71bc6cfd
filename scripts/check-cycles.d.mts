export declare function importGraph(root: string, dir?: string): Map<string, string[]>
export declare function findCycles(graph: Map<string, string[]>): string[][]
export declare function describeCycles(root: string, dir?: string): string[]
