export declare const e2eShardCount: number
export declare function e2eShards(root: string): string[][]
