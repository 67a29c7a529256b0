/** Names of the checkout's jobs, shared by the code that queues them and the code that runs them. */
export const EXPIRE_ORDER_JOB = 'checkout.expire-order';
