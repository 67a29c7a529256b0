export type PageContext = { scriptHashes: string[] };
export function withPageContext<T>(fn: (context: PageContext) => T, context?: PageContext): T;
export function notePageScripts(hashes: readonly string[]): void;
