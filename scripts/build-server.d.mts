// Types of build-server.mjs for the TypeScript that imports it (the test suites' set-ups).
export declare const SERVER_INPUTS: readonly string[];
export declare const SERVER_ENTRY: string;
export declare function buildServer(root: string, outdir?: string): Promise<void>;
