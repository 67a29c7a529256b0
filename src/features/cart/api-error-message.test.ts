import { describe, expect, it } from 'vitest';
import { apiErrorMessage } from './api-error-message';

const refusal = (error: object) =>
  Object.assign(new Error('Request failed with status code 400'), {
    response: { data: { error } },
  });

describe('what a refused cart call says', () => {
  it("shows the field's own reason, not the request-wide message", () => {
    const error = refusal({
      code: 'validation_failed',
      message: 'The request is not valid.',
      fields: { users: ['a whole number of users, 1-1000'] },
    });
    expect(apiErrorMessage(error)).toBe('A whole number of users, 1-1000.');
  });

  it("shows the error's message when no field is named", () => {
    const error = refusal({ code: 'number_held', message: 'Someone else is holding that number.' });
    expect(apiErrorMessage(error)).toBe('Someone else is holding that number.');
  });

  it("falls back to the HTTP client's message with no error body", () => {
    expect(apiErrorMessage(new Error('Network Error'))).toBe('Network Error');
  });
});
