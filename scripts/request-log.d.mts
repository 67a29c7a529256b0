import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DestinationStream, Logger } from 'pino';

export const REQUEST_ID_HEADER: string;
export const STORE_HEADER: string;
export function requestIdOf(req: IncomingMessage, trustedHops: number): string;
export type RequestLine = {
  request_id: string;
  host: string | null;
  store: string | null;
  method: string | undefined;
  path: string;
};
export function createRequestLog(options?: { level?: string; destination?: DestinationStream }): {
  begin(req: IncomingMessage, res: ServerResponse, requestId: string): RequestLine;
  logger: Logger;
};
