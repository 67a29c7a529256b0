import { isAxiosError } from 'axios';
import { isSessionLostCode, SESSION_LOST_MESSAGE } from './session-lost';

export type ApiProblem = {
  status: number;
  code: string;
  message: string;
  fields: Record<string, string[]>;
};

/**
 * The documented error of a failed call, or a plain one for network trouble. A call refused for
 * want of a session gets a sentence a customer understands instead of the server's.
 */
export function problemOf(error: unknown): ApiProblem {
  if (isAxiosError(error) && error.response) {
    const body = error.response.data?.error;
    return {
      status: error.response.status,
      code: body?.code ?? 'error',
      message: isSessionLostCode(body?.code)
        ? SESSION_LOST_MESSAGE
        : (body?.message ?? error.message),
      fields: body?.fields ?? {},
    };
  }
  return {
    status: 0,
    code: 'network',
    message: 'We could not reach the server. Check your connection and try again.',
    fields: {},
  };
}
