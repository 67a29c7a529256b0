export const DEFAULT_SERVER_HEAP_MB: number;
export function serverNodeOptions(env: NodeJS.ProcessEnv): string;
