import type { IncomingMessage, ServerResponse } from 'node:http';

export const REFERRER_POLICY: string;
export const SELF_FRAMED_PREFIX: string;
export function frameAncestorsOf(pathname: string): string;
export function sha256Source(text: string | Buffer): string;
export const BOOT_HASH: string;
export function inlineScriptHashes(html: Buffer): string[];
export function newNonce(): string;
export type OutsideOrigins = { connect: string; frame: string; style: string };
export function outsideOrigins(env: Record<string, string | undefined>): OutsideOrigins;
export function pagePolicy(p: {
  scripts: string[];
  frameAncestors: string;
  origins: OutsideOrigins;
  strictDynamic?: boolean;
}): string;
export function nonPagePolicy(frameAncestors: string): string;
export const HSTS_DEFAULT_MAX_AGE: number;
export function hstsValue(env: Record<string, string | undefined>): string | null;
export function cameOverHttps(req: IncomingMessage): boolean;
export function setCommonHeaders(res: ServerResponse, frameAncestors: string): void;
export function createSecurityHeaders(options: {
  env: Record<string, string | undefined>;
  loaderHash: string;
  withoutLoader?: boolean;
}): {
  prepare(
    req: IncomingMessage,
    res: ServerResponse,
  ): { nonce: string; scriptHashes: string[] } | null;
  apply(
    req: IncomingMessage,
    res: ServerResponse,
    page: {
      nonce: string | null;
      scriptHashes?: readonly string[] | undefined;
      cached?: boolean;
    },
  ): void;
};
