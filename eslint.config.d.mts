/** The feature layers, lowest first (docs/decisions/0156); tests read them. */
export const FEATURE_LAYERS: string[][];
declare const config: unknown[];
export default config;
