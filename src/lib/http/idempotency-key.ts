import { ApiError } from './api-response';

/** An Idempotency-Key: 8 to 255 visible ASCII characters (no spaces), new for each request. */
const KEY = /^[\x21-\x7e]{8,255}$/;

const FIELD = 'Idempotency-Key';
const RULE = '8 to 255 visible ASCII characters, new for each request';

/**
 * The one reader of the `Idempotency-Key` header, for every call that takes it: the key, or null
 * when it is optional and absent. Missing where required: 400 `idempotency_key_required`;
 * malformed: 400 `validation_failed` with `fields["Idempotency-Key"]`.
 */
export function readIdempotencyKey(request: Request, options: { required: true }): string;
export function readIdempotencyKey(request: Request, options: { required: false }): string | null;
export function readIdempotencyKey(
  request: Request,
  options: { required: boolean },
): string | null {
  const key = request.headers.get('idempotency-key');
  if (key === null && !options.required) return null;
  if (key !== null && KEY.test(key)) return key;
  const missing = key === null;
  throw new ApiError(
    400,
    missing ? 'idempotency_key_required' : 'validation_failed',
    missing ? `Send an ${FIELD} header of ${RULE}.` : `The ${FIELD} header must be ${RULE}.`,
    { [FIELD]: [RULE] },
  );
}
