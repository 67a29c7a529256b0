import type { IncomingMessage, ServerResponse } from 'node:http';

export const MALFORMED_PAGE_PATH: string;
export function pathOf(url: string): string;
export function answerMalformedPath(req: IncomingMessage, res: ServerResponse): boolean;
export function cacheStatus(verdict: string): string;
export function withoutInternalHeaders(res: ServerResponse): void;
export function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void;
export const HOLD_MS: number;
export const HOLD_BYTES: number;
export function holdUntilEnd(req: IncomingMessage, res: ServerResponse, holdMs?: number): void;
export function answerUnknownMethod(req: IncomingMessage, res: ServerResponse): boolean;
export function answerClientError(
  error: Error & { code?: string },
  socket: import('node:stream').Duplex,
): void;
export const MAX_COOKIES: number;
export function answerTooManyCookies(req: IncomingMessage, res: ServerResponse): boolean;
