export type PageContext = { scriptHashes: string[] };
export function withPageContext<T>(fn: (context: PageContext) => T): T;
export function notePageScripts(hashes: readonly string[]): void;
